import { LEGAL_TEXT_KINDS, type LegalTextKind, type LegalTextsOverview } from "@coordina/domain";
import { Button, Card, Group, List, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../app/dates";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { ErrorAlert } from "../../ui/LoadState";
import { PageFrame } from "../../ui/PageFrame";
import { useDownloadAcceptances } from "./api/downloadAcceptances";
import { legalTextsQuery } from "./api/fetchLegalTexts";
import { useSaveLegalText } from "./api/saveLegalText";
import { LegalTextEditor } from "./components/LegalTextEditor";
import texts from "./es.json";

addTexts(texts);

/** One text: its editor, opened on the current version, and the list of its versions with their dates. */
function KindPanel({ kind, overview }: { kind: LegalTextKind; overview: LegalTextsOverview }) {
  const { t } = useTranslation(undefined, { keyPrefix: "legal-texts" });
  const current = overview.current[kind];
  const versions = overview.versions.filter((v) => v.kind === kind);
  const name = t(`kinds.${kind}`);
  const save = useSaveLegalText();
  return (
    <Stack gap="md" pt="md">
      <Text size="sm" c="dimmed" data-testid="legal-text-current">
        {current
          ? t("current", { date: formatDateTime(current.saved_at) })
          : kind === "aviso-legal"
            ? t("no-advice")
            : t("built-in")}
      </Text>
      {/* A new version re-opens the editor on what the server stored. */}
      <LegalTextEditor key={current?.id ?? 0} kind={kind} html={current?.html ?? ""} name={name} save={save} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t("versions")}
        </Title>
        {versions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("no-versions")}
          </Text>
        ) : (
          <List size="sm" spacing={4} data-testid="legal-text-versions">
            {versions.map((v) => (
              <List.Item key={v.id}>{t("version", { date: formatDateTime(v.saved_at), by: v.saved_by })}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * `/config-legal` (issue 23 part 4; spec 02 §2 'Legal texts and terms popup'): the colegio edits its legal advice
 * and the conditions of use for providers and for administrators, each saved as a dated version, and exports who
 * accepted which version and when.
 */
export default function LegalTextsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "legal-texts" });
  const { t: tAll } = useTranslation();
  const overview = useQuery(legalTextsQuery());
  const exportCsv = useDownloadAcceptances();
  const [tab, setTab] = useState<string | null>(LEGAL_TEXT_KINDS[0]);

  return (
    <PageFrame title={t("title")}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" maw={720}>
          {t("intro")}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          {t("export")}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg">
        {overview.isError ? (
          <ErrorAlert title={t("read-error")} testId="legal-texts-read-error">
            {errorText(overview.error)}
          </ErrorAlert>
        ) : overview.isPending ? (
          <Loader size="sm" aria-label={tAll("app.loading")} />
        ) : (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List aria-label={t("tabs")}>
              {LEGAL_TEXT_KINDS.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LEGAL_TEXT_KINDS.map((kind) => (
              <Tabs.Panel key={kind} value={kind}>
                <KindPanel kind={kind} overview={overview.data} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Card>
    </PageFrame>
  );
}
