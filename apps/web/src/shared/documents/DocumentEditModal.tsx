import "@mantine/dates/styles.css";
import type { DocumentRow, FileRow } from "@coordina/domain";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconAlertTriangle, IconCalendar, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api";
import { formatDate } from "../../app/dates";
import { addTexts } from "../../app/i18n";
import { FormActions } from "../../ui/FormModal";
import { formatFileSize } from "../../ui/fileSize";
import { useSubmit } from "../../ui/useSubmit";
import { useEditDocumentFile } from "./api/editDocumentFile";
import { documentFormProblems, expiryRule } from "./documentRules";
import texts from "./es.json";

// Its own texts: a screen may show this form without the document boxes that also add them.
addTexts(texts);

interface DocumentEditModalProps {
  /** the document being edited; the dialog is open while it is not null */
  document: DocumentRow | null;
  /** its definition demands an expiry date */
  obsoletable: boolean;
  /** the community of the screen, whose figures reload once saved */
  communityId?: number;
  onClose: () => void;
  onSaved: (file: FileRow) => void;
  /**
   * erase the document instead (after the box's own erase question): offered only while the dialog is forced,
   * so that an uploader who picked the wrong file is not trapped in it (issue 21)
   */
  onErase?: (document: DocumentRow) => void;
  /** the erase asked through `onErase` is running */
  erasing?: boolean;
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

function EditForm({
  document,
  obsoletable,
  communityId,
  onClose,
  onSaved,
  onErase,
  erasing = false,
}: DocumentEditModalProps & { document: DocumentRow }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes.edit" });
  const { t: tAll } = useTranslation();
  const file = document.fileupload;
  const rule = expiryRule(obsoletable, file.obsolete);
  const [name, setName] = useState(file.name);
  const [obsolete, setObsolete] = useState<string | null>(file.obsolete);
  const [touched, setTouched] = useState(false);
  const problems = documentFormProblems({ name, obsolete }, rule.required);
  const blocked = problems.name !== undefined || problems.obsolete !== undefined;
  const submit = useSubmit(useEditDocumentFile(communityId), {
    check: () => {
      setTouched(true);
      return !blocked && !erasing;
    },
    variables: () => ({ fileId: file.id, name: name.trim(), obsolete }),
    onDone: onSaved,
    // The document is gone (erased or replaced meanwhile): nothing is left to complete, let the user out.
    onFailed: (error) => {
      if (error instanceof ApiError && error.status === 404) onClose();
    },
  });

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("name")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && problems.name ? tAll(problems.name) : undefined}
          required
          maxLength={200}
          data-autofocus
        />
        <DatePickerInput
          label={t("expiry")}
          placeholder={t(rule.required ? "expiry-choose" : "expiry-none")}
          value={obsolete}
          onChange={(value) => setObsolete(value)}
          valueFormat="DD/MM/YYYY"
          locale="es"
          clearable
          clearButtonProps={{ "aria-label": t("expiry-clear") }}
          required={rule.required}
          leftSection={<IconCalendar size={16} />}
          popoverProps={{ withinPortal: true }}
        />
        {problems.obsolete && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="expiry-required" p="xs">
            {tAll(problems.obsolete)}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <Field label={t("created")} value={formatDate(file.created)} />
          <Field label={t("size")} value={formatFileSize(file.size)} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {!rule.dismissable && onErase && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={erasing}
              disabled={submit.busy}
              onClick={() => onErase(document)}
            >
              {t("erase")}
            </Button>
          )}
          <FormActions
            busy={submit.busy}
            submitLabel={t("save")}
            submitDisabled={blocked || erasing}
            cancel={rule.dismissable ? { label: t("cancel"), onClick: onClose } : undefined}
          />
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The document edit form (spec 02 §2 'Document edit form'): name, expiry date (DD/MM/YYYY, clearable),
 * created date and size, 'Guardar'. When the definition is obsoletable the expiry is required ('Guardar'
 * stays disabled and 'Fecha de caducidad obligatoria' shows until a date is chosen), and a document that
 * has none yet keeps the dialog open until it is saved: no close button, no Escape, no click outside; only
 * 'Eliminar documento' (`onErase`, after the erase question) gets rid of it otherwise, the document with it.
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
      title={t("document-boxes.edit.title")}
      centered
    >
      {shown && <EditForm key={`${shown.document.id}-${shown.opening}`} {...props} document={shown.document} />}
    </Modal>
  );
}
