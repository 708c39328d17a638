import type { CommunityDocumentRow } from "@coordina/domain";
import { Badge, Card, Group, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { groupByDefinition } from "./documentGroups";
import texts from "./es.json";
import { ReadingDocumentRow } from "./ReadingDocumentRow";
import type { MarkReadActions } from "./useMarkReadActions";

addTexts(texts);

/**
 * A community's documents to read grouped by category (spec 02 §2 'Document viewing for a community'):
 * a card per definition with its name and 'Lectura Obligatoria' when it requires reading, and its
 * documents, each with 'Marcar como leído' while unread.
 */
export function ReadingGroups({ rows, actions }: { rows: readonly CommunityDocumentRow[]; actions: MarkReadActions }) {
  const { t } = useTranslation(undefined, { keyPrefix: "reading-list" });
  return (
    <Stack gap="md">
      {groupByDefinition(rows).map((group) => (
        <Card
          key={group.id}
          withBorder
          radius="md"
          p={{ base: "xs", sm: "md" }}
          data-testid="reading-group"
          data-definition-id={group.id}
        >
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={5}>{group.name}</Title>
              {group.readRequired && (
                <Badge color="red" variant="light" size="sm" data-testid="read-required">
                  {t("read-required")}
                </Badge>
              )}
            </Group>
            <Stack gap="xs" role="list" aria-label={t("documents-of", { name: group.name })}>
              {group.documents.map((row) => (
                <ReadingDocumentRow
                  key={row.doc_id}
                  row={row}
                  marking={actions.isRunning(row)}
                  disabled={actions.busy}
                  onMarkRead={() => actions.start("mark", row)}
                />
              ))}
            </Stack>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
