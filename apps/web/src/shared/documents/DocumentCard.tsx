import type { DefinitionDocuments, DocumentRow } from "@coordina/domain";
import { Badge, Group, Switch } from "@mantine/core";
import { IconDownload, IconEye, IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { addTexts } from "../../app/i18n";
import { formatFileSize } from "../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { openFile } from "../../ui/openFile";
import { IconAction, type RowActions } from "../../ui/RowActions";
import { ExpiryIndicator } from "./ExpiryIndicator";
import texts from "./es.json";

addTexts(texts);

/** What can be done to a document of a box: erase it, or switch its validation. */
type DocumentActions = RowActions<DocumentRow, "erase" | "validate" | "unvalidate">;

/** 'Validado' / 'Pendiente de validar': the colegio's switch, or a badge where validation is required. */
export function ValidationState({
  validated,
  required,
  canValidate,
  onChange,
  saving,
}: {
  validated: boolean;
  required: boolean;
  canValidate: boolean;
  onChange: (valid: boolean) => void;
  saving: boolean;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes" });
  const label = t(validated ? "validated" : "pending-validation");
  if (canValidate)
    return (
      <Switch
        checked={validated}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={saving}
        label={label}
        color="green"
        size="sm"
      />
    );
  if (!required) return null;
  return (
    <Badge color={validated ? "green" : "yellow"} variant="light" data-testid="validation-badge">
      {label}
    </Badge>
  );
}

interface DocumentCardProps {
  /** the document as it is shown (a validation being saved already switched) */
  document: DocumentRow;
  definition: DefinitionDocuments["definition"];
  canValidate: boolean;
  actions: DocumentActions;
  onEdit: () => void;
}

/**
 * One document of a definition's box: name, size, uploader, date, expiry ('Falta la fecha de caducidad' while
 * it owes the date its definition demands, for everyone who sees it) and validation; open and
 * download, and for its owner edit and erase.
 */
export function DocumentCard({ document, definition, canValidate, actions, onEdit }: DocumentCardProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes.actions" });
  const file = document.fileupload;
  return (
    <ItemCard
      data-testid="document-row"
      actions={
        <Group gap="sm" wrap="nowrap">
          <ValidationState
            validated={document.validated}
            required={definition.validate_colegio_required}
            canValidate={canValidate}
            saving={actions.busy}
            onChange={(valid) => actions.start(valid ? "validate" : "unvalidate", document)}
          />
          <Group gap={2} wrap="nowrap">
            <IconAction label={t("view")} icon={<IconEye size={18} />} onClick={() => void openFile(file.id, "view")} />
            <IconAction
              label={t("download")}
              icon={<IconDownload size={18} />}
              onClick={() => void openFile(file.id, "download")}
            />
            {document.can_edit && (
              <>
                <IconAction
                  label={t("edit")}
                  icon={<IconPencil size={18} />}
                  disabled={actions.busy}
                  onClick={onEdit}
                />
                <IconAction {...actions.button("erase", document)} />
              </>
            )}
          </Group>
        </Group>
      }
    >
      <ItemTitle>{file.name}</ItemTitle>
      <ItemMeta parts={[formatFileSize(file.size), document.company_name, formatDate(file.created)]} />
      <Group gap="xs">
        <ExpiryIndicator obsolete={file.obsolete} needsExpiry={document.needs_expiry} />
      </Group>
    </ItemCard>
  );
}
