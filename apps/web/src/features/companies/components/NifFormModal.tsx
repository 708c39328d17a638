import { isValidEmail, ValidationKey } from "@coordina/domain";
import { Alert, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconBuilding, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { ErrorAlert } from "../../../ui/LoadState";
import { useSubmit } from "../../../ui/useSubmit";
import { useIncludeCompany } from "../api/includeCompany";
import { type NifLookupCompany, useLookupNif } from "../api/lookupNif";
import { useRegisterCompany } from "../api/registerCompany";
import { type AddCompanyModalProps, addedKey } from "../companyEdit";

type Phase =
  | { name: "entry" }
  | { name: "found"; nif: string; company: NifLookupCompany }
  | { name: "not-found"; nif: string };

/**
 * The reduced NIF-based add form (spec 01 §2, §4, §5): 'Validar' looks the NIF up; an existing company
 * is included with 'Aceptar' (unless it is already a member), otherwise name and manager e-mail register
 * it with 'Guardar'. Messages show once a field has been filled in and left, or after a try to send (an
 * empty field left on the way to the button is not told off: the message would move the button away
 * from the pointer); nothing is sent while invalid.
 */
export function NifFormModal({ opened, type, onClose, onAdded }: AddCompanyModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.nif" });
  const { t: tAll } = useTranslation();
  const [nif, setNif] = useState("");
  const [nifTouched, setNifTouched] = useState(false);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState({ name: false, email: false });
  const [phase, setPhase] = useState<Phase>({ name: "entry" });

  const lookup = useLookupNif();
  const include = useIncludeCompany();
  const register = useRegisterCompany();
  const steps = [lookup, include, register];
  // Each try starts without the previous one's failure; a step being sent keeps its outcome.
  const clearFailures = () => {
    for (const step of steps) if (!step.isPending) step.reset();
  };
  const added = () => {
    reset();
    onAdded(tAll(addedKey(type)));
  };

  const validate = useSubmit(lookup, {
    check: () => {
      setNifTouched(true);
      clearFailures();
      return nif.trim() !== "";
    },
    variables: () => ({ nif: nif.trim(), type }),
    onDone: (company, sent) =>
      setPhase(company ? { name: "found", nif: sent.nif, company } : { name: "not-found", nif: sent.nif }),
    failureIn: "form",
  });
  const accept = useSubmit(include, {
    check: () => {
      clearFailures();
      return true;
    },
    variables: () => ({ nif: phase.name === "found" ? phase.nif : "", type }),
    onDone: added,
    failureIn: "form",
  });
  const save = useSubmit(register, {
    check: () => {
      setTouched({ name: true, email: true });
      clearFailures();
      return name.trim() !== "" && isValidEmail(email);
    },
    variables: () => ({
      email: email.trim(),
      company_name: name.trim(),
      cif: phase.name === "not-found" ? phase.nif : "",
      type,
    }),
    onDone: added,
    failureIn: "form",
  });
  const busy = validate.busy || accept.busy || save.busy;
  const failure = validate.failure ?? accept.failure ?? save.failure;

  const nifError = nifTouched && nif.trim() === "" ? tAll(ValidationKey.required) : undefined;
  const nameError = touched.name && name.trim() === "" ? tAll(ValidationKey.required) : undefined;
  const emailError = !touched.email
    ? undefined
    : email.trim() === ""
      ? tAll(ValidationKey.required)
      : !isValidEmail(email)
        ? tAll(ValidationKey.emailFormat)
        : undefined;

  function reset() {
    setNif("");
    setNifTouched(false);
    setName("");
    setEmail("");
    setTouched({ name: false, email: false });
    setPhase({ name: "entry" });
    clearFailures();
  }

  return (
    <FormModal opened={opened} onClose={onClose} reset={reset} busy={busy} title={t(`title.${type}`)} size="lg">
      <Stack>
        <form onSubmit={(event) => (busy ? event.preventDefault() : validate.onSubmit(event))} noValidate>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              label={t("nif")}
              value={nif}
              onChange={(e) => {
                setNif(e.currentTarget.value);
                // Another NIF is not verified yet.
                if (phase.name !== "entry") setPhase({ name: "entry" });
                clearFailures();
              }}
              onBlur={(e) => e.currentTarget.value.trim() !== "" && setNifTouched(true)}
              error={nifError}
              required
              maxLength={20}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" mt={25} loading={busy && phase.name === "entry"} disabled={busy}>
              {t("validate")}
            </Button>
          </Group>
        </form>

        {failure && (
          <ErrorAlert title={tAll("error.title")} testId="nif-form-error">
            {failure}
          </ErrorAlert>
        )}

        {phase.name === "found" && (
          <Card withBorder data-testid="nif-form-found">
            <Stack gap="xs">
              <Group gap="xs">
                <IconBuilding size={18} />
                <Text fw={600}>{t("found")}</Text>
              </Group>
              <Text>
                {t("name")}: <strong>{phase.company.c_name}</strong>
              </Text>
              <Text>
                {t("email")}: <strong>{phase.company.u_email ?? "—"}</strong>
              </Text>
              {phase.company.member ? (
                <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="nif-form-member">
                  {tAll("registry.already-member")}
                </Alert>
              ) : (
                <Group justify="flex-end">
                  <Button onClick={() => accept.onSubmit()} loading={busy}>
                    {t("accept")}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        )}

        {phase.name === "not-found" && (
          <form onSubmit={(event) => (busy ? event.preventDefault() : save.onSubmit(event))} noValidate>
            <Stack>
              <Text size="sm">{t("not-found")}</Text>
              <TextInput
                label={t("name")}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                onBlur={(e) => e.currentTarget.value.trim() !== "" && setTouched((v) => ({ ...v, name: true }))}
                error={nameError}
                required
                maxLength={200}
              />
              <TextInput
                label={t("email")}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={(e) => e.currentTarget.value.trim() !== "" && setTouched((v) => ({ ...v, email: true }))}
                error={emailError}
                required
                maxLength={254}
              />
              <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                {t("note")}
              </Alert>
              <FormActions busy={busy} submitLabel={t("save")} />
            </Stack>
          </form>
        )}
      </Stack>
    </FormModal>
  );
}
