import type { CommunityDocumentRow } from "@coordina/domain";
import { ActionIcon, Button, Card, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconChecks, IconDownload, IconEye } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { formatFileSize } from "../../../ui/fileSize";
import { openFile } from "../../../ui/openFile";
import { ExpiryIndicator } from "../../documents/components/ExpiryIndicator";
import { isRead } from "../logic";
import { ReadStatusBadge } from "./ReadStatusBadge";

interface ReadingDocumentRowProps {
  row: CommunityDocumentRow;
  /** marks it read */
  onMarkRead: () => void;
  /** this document's mark is being saved */
  marking: boolean;
  /** another document's mark is being saved */
  disabled: boolean;
}

/**
 * One document of a reading view (spec 02 §2 'Document viewing for a community'): name, size, uploader,
 * upload date, expiry and read mark; open (view or download) and, while unread, 'Marcar como leído'.
 */
export function ReadingDocumentRow({ row, onMarkRead, marking, disabled }: ReadingDocumentRowProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`reading-page.${key}`, values);
  const read = isRead(row);
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      role="listitem"
      data-testid="reading-document"
      data-document-id={row.doc_id}
      data-read={read}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {row.doc_name}
          </Text>
          <Text size="xs" c="dimmed">
            {[formatFileSize(row.file_size), row.company_name, formatDate(row.created)].join(" · ")}
          </Text>
          <Group gap="xs">
            <ExpiryIndicator obsolete={row.file_obsolete} />
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <ReadStatusBadge read={read} />
          <Group gap={2} wrap="nowrap">
            <Tooltip label={k("actions.view")}>
              <ActionIcon
                variant="subtle"
                aria-label={k("actions.view-named", { name: row.doc_name })}
                onClick={() => void openFile(row.file_id, "view")}
              >
                <IconEye size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={k("actions.download")}>
              <ActionIcon
                variant="subtle"
                aria-label={k("actions.download-named", { name: row.doc_name })}
                onClick={() => void openFile(row.file_id, "download")}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {!read && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconChecks size={16} aria-hidden />}
              loading={marking}
              disabled={disabled && !marking}
              onClick={onMarkRead}
              aria-label={k("mark-read-named", { name: row.doc_name })}
            >
              {k("mark-read")}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
