import type { CommunityView } from "@coordina/domain";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconBook } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { communityDocumentsQuery } from "../../shared/reading/api/fetchCommunityDocuments";
import { unreadCount } from "../../shared/reading/documentGroups";
import { ReadingGroups } from "../../shared/reading/ReadingGroups";
import { useMarkReadActions } from "../../shared/reading/useMarkReadActions";
import { QueryView } from "../../ui/LoadState";
import { RowActionHost } from "../../ui/RowActions";
import texts from "./es.json";
import { READING_VIEWS, type ReadingView } from "./logic";

addTexts(texts);

/**
 * A reading view of the community panel (spec 02 §2 'Document viewing for a community', §6 'Reading
 * lists'): the documents the caller may read there, grouped by category ('Lectura Obligatoria' when the
 * definition requires reading), each with its size, uploader, expiry and read mark, open and 'Marcar como
 * leído'. A mark reloads the list and the community (the menu's '!' badge).
 */
function ReadingPage({ view }: { view: ReadingView }) {
  const { t } = useTranslation(undefined, { keyPrefix: "reading-page" });
  const community = useOutletContext<CommunityView>();
  const { source } = READING_VIEWS[view];
  const documents = useQuery(communityDocumentsQuery(source, community.id));
  const actions = useMarkReadActions(community.id);

  // A list that cannot be loaded says why in the error dialog (the server's text, or the generic one).
  const failedAt = documents.isError ? documents.errorUpdatedAt : 0;
  const failure = documents.error;
  useEffect(() => {
    if (failedAt !== 0) showError(failure);
  }, [failedAt, failure]);

  const rows = documents.data ?? [];
  const pending = unreadCount(rows);

  return (
    <Stack gap="md">
      <RowActionHost actions={actions} testId="reading-notice" />
      <Card withBorder radius="md" p={{ base: "xs", sm: "lg" }} data-testid="reading-view" data-view={view}>
        <Group justify="space-between" mb={4} wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconBook size={20} aria-hidden />
            <Title order={4}>{t(`title.${view}`)}</Title>
          </Group>
          {pending > 0 && (
            <Badge color="orange" variant="light" data-testid="reading-pending">
              {t("pending", { count: pending })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {t(`intro.${view}`)}
        </Text>
        <QueryView
          query={documents}
          loading={t("loading")}
          errorTestId="reading-error"
          isEmpty={(data) => data.length === 0}
          empty={
            <Text size="sm" c="dimmed" data-testid="reading-empty">
              {t("empty")}
            </Text>
          }
        >
          {(data) => <ReadingGroups rows={data} actions={actions} />}
        </QueryView>
      </Card>
    </Stack>
  );
}

/** gremio/docs-finca: a provider reads what the community's administrator gives its providers. */
export function DocsFincaPage() {
  return <ReadingPage view="docs-finca" />;
}

/** gremio/docs-proveedores: a provider reads what the community's other providers give providers. */
export function DocsProveedoresPage() {
  return <ReadingPage view="docs-proveedores" />;
}

/** documentosprov: the administrator reads what the community's providers give the administrator. */
export function DocumentosProvPage() {
  return <ReadingPage view="documentosprov" />;
}
