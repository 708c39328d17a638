import type { CommunityDocumentRow } from "@coordina/domain";
import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { pendingReadCount } from "../../../shared/reading/documentGroups";
import { ReadingGroups } from "../../../shared/reading/ReadingGroups";
import { useMarkReadActions } from "../../../shared/reading/useMarkReadActions";
import { QueryView } from "../../../ui/LoadState";
import { RowActionHost } from "../../../ui/RowActions";
import type { ReadingTab as Tab } from "../logic";

interface ReadingTabProps {
  tab: Tab;
  communityId: number;
  /** the list the tab's documents come from */
  query: UseQueryResult<CommunityDocumentRow[]>;
  /** the tab's part of it (the providers' list is split between 'Proveedores' and 'LOPD') */
  select?: (rows: readonly CommunityDocumentRow[]) => CommunityDocumentRow[];
}

/**
 * A tab of documents to read (spec 02 §2 'Document viewing for a community'), as the provider's reading
 * views show them: grouped by category, each with its size, uploader, expiry and read mark, open and
 * 'Marcar como leído' (the list reloads after it).
 */
export function ReadingTab({ tab, communityId, query, select = (rows) => [...rows] }: ReadingTabProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel.reading" });
  const actions = useMarkReadActions(communityId);
  // What must be read and is not, as the tab's '!' counts it.
  const pending = query.data ? pendingReadCount(select(query.data)) : 0;
  return (
    <Stack gap="md" data-testid="porter-reading" data-tab={tab}>
      <RowActionHost actions={actions} testId="porter-reading-notice" />
      <div>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={4}>{t(`title.${tab}`)}</Title>
          {pending > 0 && (
            <Badge color="orange" variant="light" data-testid="porter-reading-pending">
              {t("pending", { count: pending })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`intro.${tab}`)}
        </Text>
      </div>
      <QueryView
        query={query}
        loading={t("loading")}
        errorTestId="porter-reading-error"
        isEmpty={(rows) => select(rows).length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="porter-reading-empty">
            {t("empty")}
          </Text>
        }
      >
        {(rows) => <ReadingGroups rows={select(rows)} actions={actions} />}
      </QueryView>
    </Stack>
  );
}
