import { Role } from "@coordina/domain";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { registerCompany } from "../api/registerCompany";
import { EMPTY, FIELDS, type Field, type FullFormValues, fullFormError, MAX } from "../fullForm";

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
  const [values, setValues] = useState<FullFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function reset() {
    setValues(EMPTY);
    setTouched({});
    setFailure(null);
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    if (busy || FIELDS.some((f) => fullFormError(f, values[f]))) return;
    const v = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as FullFormValues;
    setBusy(true);
    setFailure(null);
    try {
      await registerCompany({
        email: v.email,
        company_name: v.name,
        cif: v.nif,
        type,
        company_data: {
          cif: v.nif,
          person: v.person,
          tfn: v.tfn,
          address: v.address,
          city: v.city,
          country: v.province,
          postcode: v.postcode,
        },
      });
      reset();
      onAdded(t(type === Role.administrador ? "company.administrador.created-ok" : "gremios.created-ok"));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const input = (field: Field, extra?: { type?: string; autofocus?: boolean }) => {
    const key = touched[field] ? fullFormError(field, values[field]) : undefined;
    return (
      <TextInput
        label={t(`companies-page.full.${field}`)}
        type={extra?.type}
        value={values[field]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((vs) => ({ ...vs, [field]: value }));
        }}
        // A field left empty is not told off until 'Guardar' (the message would move the button under
        // the pointer); one with something in it is checked as soon as it is left.
        onBlur={(e) => {
          if (e.currentTarget.value.trim() !== "") setTouched((ts) => ({ ...ts, [field]: true }));
        }}
        error={key ? t(key) : undefined}
        required
        maxLength={MAX[field]}
        data-autofocus={extra?.autofocus || undefined}
      />
    );
  };

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
