import { isValidEmail, Role, ValidationKey } from "@coordina/domain";
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconBuilding, IconInfoCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { includeCompany } from "../api/includeCompany";
import { lookupNif, type NifLookupCompany } from "../api/lookupNif";
import { registerCompany } from "../api/registerCompany";

type Phase =
  | { name: "entry" }
  | { name: "found"; nif: string; company: NifLookupCompany }
  | { name: "not-found"; nif: string };

interface NifFormModalProps {
  opened: boolean;
  /** the company type added: 15 administrators, 20 providers */
  type: number;
  onClose: () => void;
  /** a company was included or registered: the page says so and refreshes its list */
  onAdded: (message: string) => void;
}

/**
 * The reduced NIF-based add form (spec 01 §2, §4, §5): 'Validar' looks the NIF up; an existing company
 * is included with 'Aceptar' (unless it is already a member), otherwise name and manager e-mail register
 * it with 'Guardar'. Messages show once a field has been filled in and left, or after a try to send (an
 * empty field left on the way to the button is not told off: the message would move the button away
 * from the pointer); nothing is sent while invalid.
 */
export function NifFormModal({ opened, type, onClose, onAdded }: NifFormModalProps) {
  const { t } = useTranslation();
  const [nif, setNif] = useState("");
  const [nifTouched, setNifTouched] = useState(false);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState({ name: false, email: false });
  const [phase, setPhase] = useState<Phase>({ name: "entry" });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const nifError = nifTouched && nif.trim() === "" ? t(ValidationKey.required) : undefined;
  const nameError = touched.name && name.trim() === "" ? t(ValidationKey.required) : undefined;
  const emailError = !touched.email
    ? undefined
    : email.trim() === ""
      ? t(ValidationKey.required)
      : !isValidEmail(email)
        ? t(ValidationKey.emailFormat)
        : undefined;

  function reset() {
    setNif("");
    setNifTouched(false);
    setName("");
    setEmail("");
    setTouched({ name: false, email: false });
    setPhase({ name: "entry" });
    setFailure(null);
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  function done() {
    reset();
    onAdded(t(type === Role.administrador ? "company.administrador.created-ok" : "gremios.created-ok"));
  }

  async function validate(event: FormEvent) {
    event.preventDefault();
    setNifTouched(true);
    const value = nif.trim();
    if (value === "" || busy) return;
    await run(async () => {
      const company = await lookupNif({ nif: value, type });
      setPhase(company ? { name: "found", nif: value, company } : { name: "not-found", nif: value });
    });
  }

  async function accept(found: Extract<Phase, { name: "found" }>) {
    await run(async () => {
      await includeCompany({ nif: found.nif, type });
      done();
    });
  }

  async function save(event: FormEvent, notFound: Extract<Phase, { name: "not-found" }>) {
    event.preventDefault();
    setTouched({ name: true, email: true });
    if (name.trim() === "" || !isValidEmail(email) || busy) return;
    await run(async () => {
      await registerCompany({ email: email.trim(), company_name: name.trim(), cif: notFound.nif, type });
      done();
    });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`companies-page.nif.title.${type}`)}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <Stack>
        <form onSubmit={validate} noValidate>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              label={t("companies-page.nif.nif")}
              value={nif}
              onChange={(e) => {
                setNif(e.currentTarget.value);
                // Another NIF is not verified yet.
                if (phase.name !== "entry") setPhase({ name: "entry" });
                setFailure(null);
              }}
              onBlur={(e) => e.currentTarget.value.trim() !== "" && setNifTouched(true)}
              error={nifError}
              required
              maxLength={20}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" mt={25} loading={busy && phase.name === "entry"} disabled={busy}>
              {t("companies-page.nif.validate")}
            </Button>
          </Group>
        </form>

        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("error.title")} data-testid="nif-form-error">
            {failure}
          </Alert>
        )}

        {phase.name === "found" && (
          <Card withBorder data-testid="nif-form-found">
            <Stack gap="xs">
              <Group gap="xs">
                <IconBuilding size={18} />
                <Text fw={600}>{t("companies-page.nif.found")}</Text>
              </Group>
              <Text>
                {t("companies-page.nif.name")}: <strong>{phase.company.c_name}</strong>
              </Text>
              <Text>
                {t("companies-page.nif.email")}: <strong>{phase.company.u_email ?? "—"}</strong>
              </Text>
              {phase.company.member ? (
                <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="nif-form-member">
                  {t("registry.already-member")}
                </Alert>
              ) : (
                <Group justify="flex-end">
                  <Button onClick={() => void accept(phase)} loading={busy}>
                    {t("companies-page.nif.accept")}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        )}

        {phase.name === "not-found" && (
          <form onSubmit={(e) => void save(e, phase)} noValidate>
            <Stack>
              <Text size="sm">{t("companies-page.nif.not-found")}</Text>
              <TextInput
                label={t("companies-page.nif.name")}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                onBlur={(e) => e.currentTarget.value.trim() !== "" && setTouched((v) => ({ ...v, name: true }))}
                error={nameError}
                required
                maxLength={200}
              />
              <TextInput
                label={t("companies-page.nif.email")}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={(e) => e.currentTarget.value.trim() !== "" && setTouched((v) => ({ ...v, email: true }))}
                error={emailError}
                required
                maxLength={254}
              />
              <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                {t("companies-page.nif.note")}
              </Alert>
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {t("companies-page.nif.save")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
