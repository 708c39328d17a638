import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { registerCommunity } from "../api/registerCommunity";
import {
  communityFormError,
  FULL_EMPTY,
  FULL_FIELDS,
  FULL_MAX,
  type FullField,
  type FullValues,
  registrationOf,
} from "../communityForm";
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
  const [values, setValues] = useState<FullValues>(FULL_EMPTY);
  const [touched, setTouched] = useState<Partial<Record<FullField, boolean>>>({});
  const [busy, setBusy] = useState(false);

  function reset() {
    setValues(FULL_EMPTY);
    setTouched({});
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(FULL_FIELDS.map((f) => [f, true])));
    if (busy || FULL_FIELDS.some((f) => communityFormError(f, values[f]))) return;
    setBusy(true);
    try {
      await registerCommunity(registrationOf(values));
      reset();
      onAdded();
    } catch (error) {
      // Spec 02 §8: the server's error, translated, in the red 'Error' dialog; the form keeps what was typed.
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  const input = (field: FullField, extra?: { type?: string; autofocus?: boolean }) => {
    const key = touched[field] ? communityFormError(field, values[field]) : undefined;
    return (
      <TextInput
        label={t(`communities-page.full.${field}`)}
        type={extra?.type}
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
        maxLength={FULL_MAX[field]}
        data-autofocus={extra?.autofocus || undefined}
      />
    );
  };

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
          {input("name", { autofocus: true })}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input("email", { type: "email" })}
            {input("nif")}
            {input("person")}
            {input("tfn", { type: "tel" })}
          </SimpleGrid>
          {input("address")}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {input("city")}
            {input("postcode")}
            {input("province")}
          </SimpleGrid>
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
