import "@mantine/dates/styles.css";
import type { DocumentRow, FileRow } from "@coordina/domain";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconAlertTriangle, IconCalendar } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../app/api";
import { formatDate } from "../../../app/dates";
import { showError } from "../../../app/errorDialog";
import { formatFileSize } from "../../../ui/fileSize";
import { editDocumentFile } from "../api/editDocumentFile";
import { documentFormProblems, expiryRule } from "../documentRules";

interface DocumentEditModalProps {
  /** the document being edited; the dialog is open while it is not null */
  document: DocumentRow | null;
  /** its definition demands an expiry date */
  obsoletable: boolean;
  onClose: () => void;
  onSaved: (file: FileRow) => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function EditForm({ document, obsoletable, onClose, onSaved }: DocumentEditModalProps & { document: DocumentRow }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`documents-page.edit.${key}`);
  const file = document.fileupload;
  const rule = expiryRule(obsoletable, file.obsolete);
  const [name, setName] = useState(file.name);
  const [obsolete, setObsolete] = useState<string | null>(file.obsolete);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = documentFormProblems({ name, obsolete }, rule.required);
  const blocked = problems.name !== undefined || problems.obsolete !== undefined;

  async function save() {
    setTouched(true);
    if (blocked) return;
    setSaving(true);
    try {
      const saved = await editDocumentFile(file.id, { name: name.trim(), obsolete });
      onSaved(saved);
    } catch (error) {
      showError(error);
      // The document is gone (erased or replaced meanwhile): nothing is left to complete, let the user out.
      if (error instanceof ApiError && error.status === 404) onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={k("name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && problems.name ? t(problems.name) : undefined}
          required
          maxLength={200}
          data-autofocus
        />
        <DatePickerInput
          label={k("expiry")}
          placeholder={k(rule.required ? "expiry-choose" : "expiry-none")}
          value={obsolete}
          onChange={(value) => setObsolete(value)}
          valueFormat="DD/MM/YYYY"
          locale="es"
          clearable
          clearButtonProps={{ "aria-label": k("expiry-clear") }}
          required={rule.required}
          leftSection={<IconCalendar size={16} />}
          popoverProps={{ withinPortal: true }}
        />
        {problems.obsolete && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="expiry-required" p="xs">
            {t(problems.obsolete)}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <Field label={k("created")} value={formatDate(file.created)} />
          <Field label={k("size")} value={formatFileSize(file.size)} />
        </SimpleGrid>
        <Group justify="flex-end">
          {rule.dismissable && (
            <Button variant="default" onClick={onClose} disabled={saving}>
              {k("cancel")}
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={blocked}>
            {k("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The document edit form (spec 02 §2 'Document edit form'): name, expiry date (DD/MM/YYYY, clearable),
 * created date and size, 'Guardar'. When the definition is obsoletable the expiry is required ('Guardar'
 * stays disabled and 'Fecha de caducidad obligatoria' shows until a date is chosen), and a document that
 * has none yet keeps the dialog open until it is saved: no close button, no Escape, no click outside.
 */
export function DocumentEditModal(props: DocumentEditModalProps) {
  const { t } = useTranslation();
  const { document, obsoletable, onClose } = props;
  // The form stays painted while the dialog fades out; each opening starts a fresh form.
  const [shown, setShown] = useState<{ document: DocumentRow; opening: number } | null>(null);
  const openId = document?.id ?? null;
  const latest = useRef(document);
  latest.current = document;
  useEffect(() => {
    const opened = latest.current;
    if (openId !== null && opened)
      setShown((previous) => ({ document: opened, opening: (previous?.opening ?? 0) + 1 }));
  }, [openId]);
  const dismissable = document === null || expiryRule(obsoletable, document.fileupload.obsolete).dismissable;
  return (
    <Modal
      opened={document !== null}
      onClose={dismissable ? onClose : () => {}}
      withCloseButton={dismissable}
      closeOnEscape={dismissable}
      closeOnClickOutside={dismissable}
      title={t("documents-page.edit.title")}
      centered
    >
      {shown && <EditForm key={`${shown.document.id}-${shown.opening}`} {...props} document={shown.document} />}
    </Modal>
  );
}
