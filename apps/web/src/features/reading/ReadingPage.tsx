import type { CommunityDocumentRow, CommunityView } from "@coordina/domain";
import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconBook } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { errorText, showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { communityDocumentsQuery, markRead } from "./api/readingApi";
import { ReadingDocumentRow } from "./components/ReadingDocumentRow";
import texts from "./es.json";
import { groupByDefinition, READING_VIEWS, type ReadingView, unreadCount } from "./logic";
import { refreshReading } from "./readingQueries";

addTexts(texts);

/**
 * A reading view of the community panel (spec 02 §2 'Document viewing for a community', §6 'Reading
 * lists'): the documents the caller may read there, grouped by category ('Lectura Obligatoria' when the
 * definition requires reading), each with its size, uploader, expiry and read mark, open and 'Marcar como
 * leído'. A mark reloads the list and the community (the menu's '!' badge).
 */
function ReadingPage({ view }: { view: ReadingView }) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`reading-page.${key}`, values);
  const community = useOutletContext<CommunityView>();
  const companyId = useSession()?.company.id;
  const queryClient = useQueryClient();
  const { source } = READING_VIEWS[view];
  const documents = useQuery(communityDocumentsQuery(source, community.id));
  const [marking, setMarking] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // A list that cannot be loaded says why in the error dialog (the server's text, or the generic one).
  const failedAt = documents.isError ? documents.errorUpdatedAt : 0;
  const failure = documents.error;
  useEffect(() => {
    if (failedAt !== 0) showError(failure);
  }, [failedAt, failure]);

  async function mark(row: CommunityDocumentRow) {
    if (companyId === undefined) return;
    setMarking(row.doc_id);
    setNotice(null);
    try {
      await markRead({ id_document: row.doc_id, id_finca: community.id, id_company: companyId });
      setNotice(k("marked", { name: row.doc_name }));
    } catch (error) {
      showError(error);
    } finally {
      await refreshReading(queryClient, community.id);
      setMarking(null);
    }
  }

  const rows = documents.data ?? [];
  const groups = groupByDefinition(rows);
  const pending = unreadCount(rows);

  let content: ReactNode;
  if (documents.isPending)
    content = (
      <Group gap="xs" py="md">
        <Loader size="sm" aria-label={k("loading")} />
        <Text size="sm" c="dimmed">
          {k("loading")}
        </Text>
      </Group>
    );
  else if (documents.isError)
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="reading-error">
        {errorText(documents.error)}
      </Alert>
    );
  else if (groups.length === 0)
    content = (
      <Text size="sm" c="dimmed" data-testid="reading-empty">
        {k("empty")}
      </Text>
    );
  else
    content = (
      <Stack gap="md">
        {groups.map((group) => (
          <Card
            key={group.id}
            withBorder
            radius="md"
            padding="md"
            data-testid="reading-group"
            data-definition-id={group.id}
          >
            <Stack gap="sm">
              <Group gap="xs">
                <Title order={5}>{group.name}</Title>
                {group.readRequired && (
                  <Badge color="red" variant="light" size="sm" data-testid="read-required">
                    {k("read-required")}
                  </Badge>
                )}
              </Group>
              <Stack gap="xs" role="list" aria-label={k("documents-of", { name: group.name })}>
                {group.documents.map((row) => (
                  <ReadingDocumentRow
                    key={row.doc_id}
                    row={row}
                    marking={marking === row.doc_id}
                    disabled={marking !== null}
                    onMarkRead={() => void mark(row)}
                  />
                ))}
              </Stack>
            </Stack>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="reading-notice">
          {notice}
        </NoticeAlert>
      )}
      <Card withBorder radius="md" padding="lg" data-testid="reading-view" data-view={view}>
        <Group justify="space-between" mb={4} wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconBook size={20} aria-hidden />
            <Title order={4}>{k(`title.${view}`)}</Title>
          </Group>
          {pending > 0 && (
            <Badge color="orange" variant="light" data-testid="reading-pending">
              {k("pending", { count: pending })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {k(`intro.${view}`)}
        </Text>
        {content}
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
