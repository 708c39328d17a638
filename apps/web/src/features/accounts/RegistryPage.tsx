import { isValidEmail, normalizeEmail, PROVIDER_CIF_MIN_EXCLUSIVE, ValidationKey } from "@coordina/domain";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { PublicCard } from "../../ui/PublicCard";
import { registerProvider } from "./api/registerProvider";
import texts from "./es.json";

addTexts(texts);

type Values = { email: string; confirm: string; company: string; cif: string };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { email: "", confirm: "", company: "", cif: "" };

/** Public provider registration (/registry, spec 01 §2 and §5). */
export default function RegistryPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  /** The server's reason for the last failure, shown under 'Algo ha ido mal…'. */
  const [failure, setFailure] = useState<string | null>(null);

  function validate(): Errors {
    const next: Errors = {};
    if (!values.email.trim() || !isValidEmail(values.email)) next.email = t(ValidationKey.emailProvider);
    if (normalizeEmail(values.confirm) !== normalizeEmail(values.email))
      next.confirm = t(ValidationKey.emailsDifferent);
    if (!values.company.trim()) next.company = t(ValidationKey.nameRequired);
    if (values.cif.trim().length <= PROVIDER_CIF_MIN_EXCLUSIVE) next.cif = t(ValidationKey.cifInvalid);
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    setSending(true);
    setFailure(null);
    try {
      await registerProvider({ email: values.email.trim(), cif: values.cif.trim(), company: values.company.trim() });
      setDone(true);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSending(false);
    }
  }

  // Every field of this form is required: no asterisk, so each label reads exactly as written.
  const input = (name: keyof Values, label: string, props: { type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      {...props}
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      error={errors[name]}
      disabled={sending}
      required
      withAsterisk={false}
    />
  );

  return (
    <PublicCard title={t("pages.registry.title")} width={480}>
      {done ? (
        <>
          <Alert color="green" variant="light" icon={<IconCircleCheck />}>
            {t("registry-page.done")}
          </Alert>
          <Anchor component={Link} to="/login" ta="center">
            {t("nav.back-to-login")}
          </Anchor>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t("registry-page.intro")}
            </Text>
            {failure !== null && (
              <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t("registry-page.failed")}>
                {failure}
              </Alert>
            )}
            {input("email", t("registry-page.email"), { type: "email", autoComplete: "email" })}
            {input("confirm", t("registry-page.email-confirm"), { type: "email", autoComplete: "off" })}
            {input("company", t("registry-page.company"), { autoComplete: "organization" })}
            {input("cif", t("registry-page.cif"), { autoComplete: "off" })}
            <Button type="submit" loading={sending} fullWidth>
              {t("registry-page.submit")}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t("nav.back-to-login")}
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
