import { type DocumentDuty, type DocumentSummaryRow, partyOfRole, Role } from "@coordina/domain";
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFileCheck, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../app/dates";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { uploadPlacePath } from "../../shared/paths";
import { ErrorAlert, Loading } from "../../ui/LoadState";
import { PageFrame } from "../../ui/PageFrame";
import { TrafficLight } from "../../ui/TrafficLight";
import { documentSummaryQuery } from "./api/fetchDocumentSummary";
import { ColegioSummary } from "./ColegioSummary";
import texts from "./es.json";
import { dutiesLight, summaryFigures } from "./logic";

addTexts(texts);

type Party = NonNullable<ReturnType<typeof partyOfRole>>;

const STATE_COLOR: Record<DocumentDuty["state"], string> = {
  valid: "green",
  soon: "yellow",
  expired: "orange",
  incomplete: "yellow",
  missing: "red",
};

/** A duty's state in words: 'Vigente', 'Caduca el DD/MM/YYYY', 'Caducado desde …', 'Falta la fecha de caducidad', 'Sin subir'. */
function useDutyText() {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.summary.state" });
  return (duty: DocumentDuty) => {
    if (duty.state === "soon" && duty.obsolete) return t("soon", { date: formatDate(duty.obsolete) });
    if (duty.state === "expired" && duty.obsolete) return t("expired-on", { date: formatDate(duty.obsolete) });
    if (duty.state === "soon") return t("valid");
    return t(duty.state);
  };
}

/** One duty: where (a community, or all), its state and, when something is owed or expires soon, where to upload. */
function DutyLine({ row, duty, party }: { row: DocumentSummaryRow; duty: DocumentDuty; party: Party }) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents" });
  const text = useDutyText();
  const community = duty.finca_name ?? t("all-communities");
  return (
    <Group
      gap="xs"
      justify="space-between"
      wrap="wrap"
      role="listitem"
      data-testid="summary-duty"
      data-finca-id={duty.finca_id ?? ""}
      data-state={duty.state}
    >
      <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
        <Text size="sm">{community}</Text>
        <Badge color={STATE_COLOR[duty.state]} variant="light" size="sm" data-testid="summary-duty-state">
          {text(duty)}
        </Badge>
      </Group>
      {duty.state !== "valid" && (
        <Button
          component={Link}
          to={uploadPlacePath(party, duty.finca_id)}
          size="xs"
          variant="light"
          leftSection={<IconUpload size={14} aria-hidden />}
          aria-label={t("summary.upload-named", { name: row.definition_name, community })}
        >
          {t("summary.upload")}
        </Button>
      )}
    </Group>
  );
}

/** A definition's row: its light, its name and each of its duties. */
function DefinitionRow({ row, party }: { row: DocumentSummaryRow; party: Party }) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.summary" });
  const light = dutiesLight(row.duties);
  return (
    <Card withBorder padding="sm" radius="sm" role="listitem" data-testid="summary-definition" data-light={light}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <TrafficLight
            light={light}
            label={t(`light.${light === "none" ? "ok" : light}`, { name: row.definition_name })}
          />
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {row.definition_name}
          </Text>
          {row.assocfinca && (
            <Badge variant="outline" size="xs">
              {t("per-community")}
            </Badge>
          )}
        </Group>
        <Stack gap={4} role="list" aria-label={row.definition_name}>
          {row.duties.map((duty) => (
            <DutyLine key={duty.finca_id ?? "all"} row={row} duty={duty} party={party} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function Figure({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid={testId}>
      <Text size="xl" fw={700} c={value > 0 ? color : "dimmed"} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </Card>
  );
}

function Summary({ colegioId, party }: { colegioId: number; party: Party }) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.summary" });
  const { t: tAll } = useTranslation();
  const query = useQuery(documentSummaryQuery(colegioId));
  if (query.isPending) return <Loading text={tAll("app.loading")} />;
  if (query.isError) return <ErrorAlert testId="summary-error">{errorText(query.error)}</ErrorAlert>;
  const figures = summaryFigures(query.data.counts);
  return (
    <Stack gap="md">
      <section aria-label={t("counts-label")}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t("counts.valid")} value={figures.valid} color="green" testId="summary-valid" />
          <Figure label={t("counts.soon")} value={figures.soon} color="yellow.8" testId="summary-soon" />
          <Figure label={t("counts.expired")} value={figures.expired} color="orange.8" testId="summary-expired" />
          <Figure label={t("counts.pending")} value={figures.pending} color="red" testId="summary-pending" />
        </SimpleGrid>
      </section>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconFileCheck size={20} aria-hidden />
            <Title order={2} size="h4">
              {t("definitions")}
            </Title>
          </Group>
          <Anchor component={Link} to="/documents/uploaded" size="sm">
            {t("uploaded-link")}
          </Anchor>
        </Group>
        {query.data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="md" data-testid="summary-empty">
            {t("empty")}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t("definitions")}>
            {query.data.data.map((row) => (
              <DefinitionRow key={row.definition_id} row={row} party={party} />
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/**
 * 'Resumen de documentos' (/documents/summary, spec 02 §2; issue 23): the caller's company at a glance in the
 * chosen colegio: how many of its mandatory documents are valid, expire within 30 days, have expired or are
 * still to upload; then each definition with its light and its communities, each with where to upload it. The
 * colegio, which uploads nothing, sees its colegio's documents instead (ColegioSummary).
 */
export default function SummaryPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents" });
  const current = useSession();
  const role = roleOf(current);
  const party = partyOfRole(role);
  const colegioId = current?.colegio.id ?? 0;
  return (
    <PageFrame title={t("summary.title")}>
      {role === Role.colegio ? (
        <ColegioSummary />
      ) : colegioId > 0 && party ? (
        <Summary colegioId={colegioId} party={party} />
      ) : (
        <Alert color="blue" data-testid="summary-choose-colegio">
          {t("choose-colegio")}
        </Alert>
      )}
    </PageFrame>
  );
}
