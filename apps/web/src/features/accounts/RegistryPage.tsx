import { isValidEmail, normalizeEmail, PROVIDER_CIF_MIN_EXCLUSIVE, ValidationKey } from "@coordina/domain";
import { Alert, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { PublicCard, PublicLink } from "../../ui/PublicCard";
import { useFormSend } from "../../ui/useFormSend";
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
  const [done, setDone] = useState(false);
  /** The server's reason for the last failure, shown under 'Algo ha ido mal…'. */
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, sending, onSubmit } = useFormSend(
    (): Errors => ({
      email: !values.email.trim() || !isValidEmail(values.email) ? t(ValidationKey.emailProvider) : undefined,
      confirm:
        normalizeEmail(values.confirm) !== normalizeEmail(values.email) ? t(ValidationKey.emailsDifferent) : undefined,
      company: values.company.trim() ? undefined : t(ValidationKey.nameRequired),
      cif: values.cif.trim().length <= PROVIDER_CIF_MIN_EXCLUSIVE ? t(ValidationKey.cifInvalid) : undefined,
    }),
    async () => {
      setFailure(null);
      await registerProvider({ email: values.email.trim(), cif: values.cif.trim(), company: values.company.trim() });
      setDone(true);
    },
    (error) => setFailure(errorText(error)),
  );

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
          <PublicLink to="/login" size="md">
            {t("nav.back-to-login")}
          </PublicLink>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
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
            <PublicLink to="/login">{t("nav.back-to-login")}</PublicLink>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
