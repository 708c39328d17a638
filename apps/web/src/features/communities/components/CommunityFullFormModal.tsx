import { Button, Group, Modal, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { ContactFields, useContactForm } from "../../../ui/ContactFields";
import { registerCommunity } from "../api/registerCommunity";
import { registrationOf } from "../communityForm";
import { ValidMark } from "./ValidMark";

interface CommunityFullFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** registered: the page says so and refreshes its list */
  onAdded: () => void;
}

/**
 * The full add form (spec 02 §2 'Add community', §5): every field required, a valid e-mail, a postcode of
 * exactly 5; each field shows valid or invalid once touched, and nothing is sent while one is wrong.
 */
export function CommunityFullFormModal({ opened, onClose, onAdded }: CommunityFullFormModalProps) {
  const { t } = useTranslation();
  const form = useContactForm();
  const [busy, setBusy] = useState(false);

  function close() {
    if (busy) return;
    form.reset();
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const fine = form.checkAll();
    if (busy || !fine) return;
    setBusy(true);
    try {
      await registerCommunity(registrationOf(form.values));
      form.reset();
      onAdded();
    } catch (error) {
      // Spec 02 §8: the server's error, translated, in the red 'Error' dialog; the form keeps what was typed.
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("communities-page.full.title")}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form onSubmit={save} noValidate>
        <Stack>
          <ContactFields form={form} label={(field) => t(`communities-page.full.${field}`)} validMark={<ValidMark />} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("communities-page.full.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
