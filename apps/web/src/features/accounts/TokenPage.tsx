import {
  POSTCODE_LENGTH,
  passwordMeetsRule,
  passwordsMatch,
  TokenAction,
  type TokenCheckResponse,
  ValidationKey,
} from "@coordina/domain";
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { addTexts, translateError } from "../../app/i18n";
import { PublicCard } from "../../ui/PublicCard";
import { useFormSend } from "../../ui/useFormSend";
import { checkToken, type TokenKind } from "./api/checkToken";
import { completeRegistration } from "./api/completeRegistration";
import { setPassword } from "./api/setPassword";
import texts from "./es.json";
import { type PasswordErrors, PasswordFields, type PasswordValues } from "./PasswordFields";

addTexts(texts);

/**
 * The link's token from the route's query string: `?token=XYZ`, or a bare `?XYZ` (the first
 * parameter without a value).
 */
function tokenFrom(search: string): string {
  const raw = search.replace(/^\?/, "");
  if (!raw) return "";
  const params = new URLSearchParams(raw);
  const named = params.get("token");
  if (named !== null) return named.trim();
  for (const [key, value] of params) if (key && value === "") return key.trim();
  return "";
}

/** Spec 01 §4: checked on load, valid or invalid; after sending, done. */
type Phase =
  | { kind: "checking" }
  | { kind: "invalid" }
  | { kind: "form"; check: TokenCheckResponse }
  | { kind: "done"; warning?: string };

const PORTER_FIELDS = ["cif", "direccion", "municipio", "cp", "provincia"] as const;
type PorterField = (typeof PORTER_FIELDS)[number];
type PorterValues = Record<PorterField, string>;
const EMPTY_PORTER: PorterValues = { cif: "", direccion: "", municipio: "", cp: "", provincia: "" };

/** Password reset (/recovery) and invitation acceptance (/invitation): one page, two kinds of link. */
export default function TokenPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const kind: TokenKind = pathname.startsWith("/recovery") ? "recovery" : "invitation";
  const token = tokenFrom(search);
  const [phase, setPhase] = useState<Phase>({ kind: "checking" });

  useEffect(() => {
    if (!token) {
      setPhase({ kind: "invalid" });
      return;
    }
    let live = true;
    setPhase({ kind: "checking" });
    checkToken(kind, token).then(
      (check) => live && setPhase({ kind: "form", check }),
      () => live && setPhase({ kind: "invalid" }),
    );
    return () => {
      live = false;
    };
  }, [kind, token]);

  const title = kind === "recovery" ? t("token-page.title-recovery") : t("token-page.title-invitation");
  return (
    <PublicCard title={title} width={520}>
      <PhaseView phase={phase} kind={kind} token={token} onDone={(warning) => setPhase({ kind: "done", warning })} />
    </PublicCard>
  );
}

function PhaseView({
  phase,
  kind,
  token,
  onDone,
}: {
  phase: Phase;
  kind: TokenKind;
  token: string;
  onDone: (warning?: string) => void;
}): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  switch (phase.kind) {
    case "checking":
      return (
        <Group gap="sm" justify="center" py="lg">
          <Loader size="sm" />
          <Text>{t("token-page.checking")}</Text>
        </Group>
      );
    case "invalid":
      return (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle />}>
            {t("token.invalid")}
          </Alert>
          <Button type="button" onClick={() => navigate("/recover")}>
            {t("token-page.retry")}
          </Button>
        </>
      );
    case "done":
      return (
        <>
          <Alert color="green" variant="light" icon={<IconCircleCheck />}>
            {kind === "recovery" ? t("token-page.done-recovery") : t("token-page.done-registration")}
          </Alert>
          {phase.warning && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
              {translateError(phase.warning)}
            </Alert>
          )}
          <Button type="button" onClick={() => navigate("/login")}>
            {t("token-page.go-to-site")}
          </Button>
        </>
      );
    default:
      return <TokenForm check={phase.check} kind={kind} token={token} onDone={onDone} />;
  }
}

type FormErrors = PasswordErrors & Partial<Record<PorterField, string>>;

function TokenForm({
  check,
  kind,
  token,
  onDone,
}: {
  check: TokenCheckResponse;
  kind: TokenKind;
  token: string;
  onDone: (warning?: string) => void;
}) {
  const { t } = useTranslation();
  const porter = check.action === TokenAction.registerPortero;
  const [passwords, setPasswords] = useState<PasswordValues>({ password: "", confirm: "" });
  const [data, setData] = useState<PorterValues>(EMPTY_PORTER);
  const { errors, sending, onSubmit } = useFormSend(
    (): FormErrors => {
      const next: FormErrors = {};
      if (!passwordMeetsRule(passwords.password)) next.password = t(ValidationKey.passwordMust);
      if (!passwordsMatch(passwords.password, passwords.confirm)) next.confirm = t(ValidationKey.passwordsDifferent);
      if (porter) {
        for (const field of PORTER_FIELDS) if (!data[field].trim()) next[field] = t(ValidationKey.required);
        if (!next.cp && data.cp.trim().length !== POSTCODE_LENGTH) next.cp = t(ValidationKey.postcode);
      }
      return next;
    },
    async () => {
      // Passwords are sent as typed (never trimmed): the login form sends them the same way.
      const password = passwords.password;
      const answer = porter
        ? await completeRegistration({
            shakey: token,
            password,
            cif: data.cif.trim(),
            direccion: data.direccion.trim(),
            municipio: data.municipio.trim(),
            cp: data.cp.trim(),
            provincia: data.provincia.trim(),
          })
        : await setPassword(kind, { shakey: token, password });
      onDone(answer.warning);
    },
  );

  // Every field of this form is required: no asterisk, so each label reads exactly as written.
  const field = (name: PorterField, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      autoComplete={autoComplete}
      value={data[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setData((d) => ({ ...d, [name]: value }));
      }}
      error={errors[name]}
      disabled={sending}
      required
      withAsterisk={false}
    />
  );

  const intro =
    kind === "recovery"
      ? t("token-page.intro-recovery")
      : porter
        ? t("token-page.intro-porter")
        : t("token-page.intro-invitation");

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Stack gap={2} data-testid="token-account">
          <Text size="sm">
            {t("token-page.account")}{" "}
            <Text span fw={600}>
              {check.email}
            </Text>
          </Text>
          {check.company_name && (
            <Text size="sm">
              {t("token-page.company")}{" "}
              <Text span fw={600}>
                {check.company_name}
              </Text>
            </Text>
          )}
        </Stack>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {porter && (
          <Stack gap="sm">
            {field("cif", t("token-page.cif"), "off")}
            {field("direccion", t("token-page.direccion"), "street-address")}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {field("municipio", t("token-page.municipio"), "address-level2")}
              {field("cp", t("token-page.cp"), "postal-code")}
            </SimpleGrid>
            {field("provincia", t("token-page.provincia"), "address-level1")}
          </Stack>
        )}
        <PasswordFields
          value={passwords}
          onChange={setPasswords}
          errors={errors}
          disabled={sending}
          autoFocus={!porter}
        />
        <Button type="submit" loading={sending} fullWidth>
          {porter ? t("token-page.submit-porter") : t("token-page.submit")}
        </Button>
      </Stack>
    </form>
  );
}
