import { ActionIcon, Switch, Table, Text, Tooltip } from "@mantine/core";
import { IconEye, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { showError } from "../../../app/errorDialog";
import { formatFileSize } from "../../../ui/fileSize";
import { ListCard } from "../../../ui/ListCard";
import { NoticeAlert } from "../../../ui/NoticeAlert";
import { openFile } from "../../../ui/openFile";
import { usePagedList } from "../../../ui/usePagedList";
import {
  fetchPendingValidation,
  PENDING_VALIDATION_KEY,
  type PendingValidationRow,
} from "../api/fetchPendingValidation";
import { validateDocument } from "../api/validateDocument";
import { useRefreshDocuments } from "../refreshDocuments";
import { ExpiryIndicator } from "./ExpiryIndicator";

/**
 * The colegio's validation screen (spec 02 §2 'Mandatory documents': validators get a validation screen):
 * the documents waiting for its validation, each with the switch that validates it at once and open.
 */
export function PendingValidationCard() {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`documents-page.validation.${key}`, values);
  const refresh = useRefreshDocuments();
  /** the switch being saved, shown in its new position until the list reloads */
  const [busy, setBusy] = useState<{ id: number; valid: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = usePagedList<PendingValidationRow>(PENDING_VALIDATION_KEY, {}, fetchPendingValidation, k("empty"));

  async function validate(row: PendingValidationRow, valid: boolean) {
    setBusy({ id: row.document.id, valid });
    setNotice(null);
    try {
      await validateDocument(row.document.id, valid);
      if (valid) setNotice(k("validated", { name: row.document.fileupload.name, company: row.company_name }));
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  }

  const columns = ["document", "definition", "company", "expiry", "validation", "actions"].map((c) =>
    k(`columns.${c}`),
  );
  const rows = list.rows.map((row) => {
    const { document } = row;
    const file = document.fileupload;
    const validated = busy?.id === document.id ? busy.valid : document.validated;
    return (
      <Table.Tr key={document.id} data-testid="pending-validation-row">
        <Table.Td>
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)} · {formatDate(file.created)}
          </Text>
        </Table.Td>
        <Table.Td>{row.definition_name}</Table.Td>
        <Table.Td>
          <Text size="sm">{row.company_name}</Text>
          <Text size="xs" c="dimmed">
            {t(`roles.${row.company_type}`)}
          </Text>
        </Table.Td>
        <Table.Td>
          <ExpiryIndicator obsolete={file.obsolete} />
        </Table.Td>
        <Table.Td>
          <Switch
            checked={validated}
            onChange={(event) => void validate(row, event.currentTarget.checked)}
            disabled={busy !== null}
            label={t(`documents-page.${validated ? "validated" : "pending-validation"}`)}
            color="green"
            size="sm"
          />
        </Table.Td>
        <Table.Td>
          <Tooltip label={t("documents-page.actions.view")}>
            <ActionIcon
              variant="subtle"
              aria-label={t("documents-page.actions.view")}
              onClick={() => void openFile(file.id, "view")}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <>
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="validation-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={k("title")}
        icon={<IconShieldCheck size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
      />
    </>
  );
}
