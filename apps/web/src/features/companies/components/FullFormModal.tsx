import { Role } from "@coordina/domain";
import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { fullRegistrationOf } from "../../../app/contactData";
import { errorText } from "../../../app/errorDialog";
import { CONTACT_MAX, ContactFields, useContactForm } from "../../../ui/ContactFields";
import { registerCompany } from "../api/registerCompany";

/** The postcode takes up to 10 characters here (the check then wants exactly 5). */
const MAX = { ...CONTACT_MAX, postcode: 10 };

interface FullFormModalProps {
  opened: boolean;
  /** the company type registered: 15 administrators, 20 providers */
  type: number;
  onClose: () => void;
  onAdded: (message: string) => void;
}

/** The full company add form (spec 01 §2, §5): every field required; on failure nothing is sent. */
export function FullFormModal({ opened, type, onClose, onAdded }: FullFormModalProps) {
  const { t } = useTranslation();
  const form = useContactForm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function reset() {
    form.reset();
    setFailure(null);
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const fine = form.checkAll();
    if (busy || !fine) return;
    setBusy(true);
    setFailure(null);
    try {
      await registerCompany({ ...fullRegistrationOf(form.values), type });
      reset();
      onAdded(t(type === Role.administrador ? "company.administrador.created-ok" : "gremios.created-ok"));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`companies-page.full.title.${type}`)}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form onSubmit={save} noValidate>
        <Stack>
          <ContactFields form={form} label={(field) => t(`companies-page.full.${field}`)} maxLength={MAX} />
          {failure && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title={t("companies-page.editor.save-error")}
              data-testid="full-form-error"
            >
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("companies-page.full.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
