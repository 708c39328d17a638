import { Table, Text } from "@mantine/core";
import { IconEye, IconShieldCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { queryKeys } from "../../../app/queryKeys";
import { useValidateDocument } from "../../../shared/documents/api/validateDocument";
import { ValidationState } from "../../../shared/documents/DocumentCard";
import { ExpiryIndicator } from "../../../shared/documents/ExpiryIndicator";
import { formatFileSize } from "../../../ui/fileSize";
import { ListCard } from "../../../ui/ListCard";
import { openFile } from "../../../ui/openFile";
import { IconAction, RowActionHost, useRowActions } from "../../../ui/RowActions";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchPendingValidation, type PendingValidationRow } from "../api/fetchPendingValidation";

/**
 * The colegio's validation screen (spec 02 §2 'Mandatory documents': validators get a validation screen):
 * the documents waiting for its validation, each with the switch that validates it at once and open.
 */
export function PendingValidationCard() {
  const { t } = useTranslation(undefined, { keyPrefix: "documents-page.validation" });
  const { t: tAll } = useTranslation();
  const validate = useValidateDocument();
  const list = usePagedList<PendingValidationRow>(queryKeys.pendingValidation, {}, fetchPendingValidation, t("empty"));
  const actions = useRowActions((row: PendingValidationRow) => row.document.id, {
    validate: {
      run: (row) => validate.mutateAsync({ id: row.document.id, valid: true }),
      done: (row) => t("validated", { name: row.document.fileupload.name, company: row.company_name }),
    },
    unvalidate: { run: (row) => validate.mutateAsync({ id: row.document.id, valid: false }) },
  });

  const columns = ["document", "definition", "company", "expiry", "validation", "actions"].map((c) =>
    t(`columns.${c}`),
  );
  const rows = list.rows.map((row) => {
    const { document } = row;
    const file = document.fileupload;
    // The switch being saved shows its new position until the list reloads.
    const validated = actions.isRunning(row) ? actions.isRunning(row, "validate") : document.validated;
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
            {tAll(`roles.${row.company_type}`)}
          </Text>
        </Table.Td>
        <Table.Td>
          <ExpiryIndicator obsolete={file.obsolete} />
        </Table.Td>
        <Table.Td>
          <ValidationState
            validated={validated}
            required
            canValidate
            saving={actions.busy}
            onChange={(valid) => actions.start(valid ? "validate" : "unvalidate", row)}
          />
        </Table.Td>
        <Table.Td>
          <IconAction
            label={tAll("document-boxes.actions.view")}
            icon={<IconEye size={18} />}
            onClick={() => void openFile(file.id, "view")}
          />
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <>
      <RowActionHost actions={actions} testId="validation-notice" />
      <ListCard
        title={t("title")}
        icon={<IconShieldCheck size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
      />
    </>
  );
}
