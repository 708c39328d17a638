import type { CommunityDocumentRow } from "@coordina/domain";
import { Button, Group } from "@mantine/core";
import { IconChecks, IconDownload, IconEye } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { formatFileSize } from "../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { openFile } from "../../ui/openFile";
import { IconAction } from "../../ui/RowActions";
import { ExpiryIndicator } from "../documents/ExpiryIndicator";
import { isRead } from "./documentGroups";
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
  const { t } = useTranslation(undefined, { keyPrefix: "reading-list" });
  const read = isRead(row);
  return (
    <ItemCard
      data-testid="reading-document"
      data-document-id={row.doc_id}
      data-read={read}
      actions={
        // They wrap: on a phone 'Marcar como leído' goes under the mark and the buttons instead of being cut off.
        <Group gap="xs" wrap="wrap" style={{ maxWidth: "100%" }}>
          <ReadStatusBadge read={read} />
          <Group gap={2} wrap="nowrap">
            <IconAction
              label={t("actions.view-named", { name: row.doc_name })}
              hint={t("actions.view")}
              icon={<IconEye size={18} />}
              onClick={() => void openFile(row.file_id, "view")}
            />
            <IconAction
              label={t("actions.download-named", { name: row.doc_name })}
              hint={t("actions.download")}
              icon={<IconDownload size={18} />}
              onClick={() => void openFile(row.file_id, "download")}
            />
          </Group>
          {!read && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconChecks size={16} aria-hidden />}
              loading={marking}
              disabled={disabled && !marking}
              onClick={onMarkRead}
              aria-label={t("mark-read-named", { name: row.doc_name })}
            >
              {t("mark-read")}
            </Button>
          )}
        </Group>
      }
    >
      <ItemTitle>{row.doc_name}</ItemTitle>
      <ItemMeta parts={[formatFileSize(row.file_size), row.company_name, formatDate(row.created)]} />
      <Group gap="xs">
        <ExpiryIndicator obsolete={row.file_obsolete} />
      </Group>
    </ItemCard>
  );
}
