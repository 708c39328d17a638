import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { addCommunity } from "../api/addCommunity";
import { ADD_EMPTY, ADD_FIELDS, type AddField, type AddValues, addFormError } from "../communityForm";
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
  const [values, setValues] = useState<AddValues>(ADD_EMPTY);
  const [touched, setTouched] = useState<Partial<Record<AddField, boolean>>>({});
  const [busy, setBusy] = useState(false);

  function reset() {
    setValues(ADD_EMPTY);
    setTouched({});
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, cif: true });
    if (busy || ADD_FIELDS.some((f) => addFormError(f, values[f]))) return;
    setBusy(true);
    try {
      await addCommunity({ name: values.name.trim(), cif: values.cif.trim() });
      reset();
      onAdded();
    } catch (error) {
      // Spec 02 §8: the server's error, translated, in the red 'Error' dialog; the form keeps what was typed.
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  const input = (field: AddField) => {
    const key = touched[field] ? addFormError(field, values[field]) : undefined;
    return (
      <TextInput
        label={t(`communities-page.simple.${field}`)}
        value={values[field]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((vs) => ({ ...vs, [field]: value }));
        }}
        // An empty field is told off only at 'Guardar' (the message would move the button under the
        // pointer); one with something in it is checked as soon as it is left.
        onBlur={(e) => {
          if (e.currentTarget.value.trim() !== "") setTouched((ts) => ({ ...ts, [field]: true }));
        }}
        error={key ? t(key) : undefined}
        rightSection={touched[field] && !key ? <ValidMark /> : undefined}
        required
        maxLength={MAX[field]}
        data-autofocus={field === "name" || undefined}
      />
    );
  };

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
