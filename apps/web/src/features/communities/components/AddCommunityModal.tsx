import { Button, Group, Modal, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { CheckedTextInput } from "../../../ui/CheckedTextInput";
import { useCheckedForm } from "../../../ui/useCheckedForm";
import { addCommunity } from "../api/addCommunity";
import { ADD_EMPTY, ADD_FIELDS, type AddField, addFormError } from "../communityForm";
import { ValidMark } from "./ValidMark";

interface AddCommunityModalProps {
  opened: boolean;
  onClose: () => void;
  /** added: the page says so and refreshes its list */
  onAdded: () => void;
}

const MAX: Record<AddField, number> = { name: 200, cif: 20 };

/**
 * The simple add form (spec 02 §2 'Add community', §5): name and tax id, both required; nothing is sent
 * while one is missing. A refusal (a tax id in use…) shows in the form, which keeps what was typed.
 */
export function AddCommunityModal({ opened, onClose, onAdded }: AddCommunityModalProps) {
  const { t } = useTranslation();
  const form = useCheckedForm(ADD_FIELDS, ADD_EMPTY, addFormError);
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
      await addCommunity({ name: form.values.name.trim(), cif: form.values.cif.trim() });
      form.reset();
      onAdded();
    } catch (error) {
      // Spec 02 §8: the server's error, translated, in the red 'Error' dialog; the form keeps what was typed.
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  const input = (field: AddField) => (
    <CheckedTextInput
      form={form}
      field={field}
      label={t(`communities-page.simple.${field}`)}
      maxLength={MAX[field]}
      autofocus={field === "name"}
      validMark={<ValidMark />}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title={t("communities-page.simple.title")} closeOnClickOutside={!busy}>
      <form onSubmit={save} noValidate>
        <Stack>
          {input("name")}
          {input("cif")}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("communities-page.simple.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
