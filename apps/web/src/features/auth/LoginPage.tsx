import { isValidEmail, ROLES_WITH_LEGAL_NOTICE, startPageFor } from "@coordina/domain";
import { Button, Checkbox, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { fetchAppConfig } from "../../app/appConfig";
import { showError } from "../../app/errorDialog";
import { featuresOf, pendingRedirect, rememberLogin, roleOf, session, useSession } from "../../app/session";
import { Logo } from "../../ui/Logo";
import { PublicCard, PublicLink } from "../../ui/PublicCard";
import { useFormSend } from "../../ui/useFormSend";
import { login, logout } from "./api/login";

export default function LoginPage() {
  const { t } = useTranslation();
  const current = useSession();
  const remembered = rememberLogin.get();
  const [email, setEmail] = useState(remembered?.email ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(remembered !== null);
  // Where to go once logged in: the route remembered before login wins over the start page.
  const [target, setTarget] = useState<string | null>(null);
  // The demo mail viewer is offered only when the server says it is on.
  const [mailViewer, setMailViewer] = useState(false);
  useEffect(() => {
    let live = true;
    fetchAppConfig()
      .then((config) => {
        if (live) setMailViewer(config.mailViewer === true);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const { errors, sending, onSubmit } = useFormSend(
    (): Partial<Record<"email" | "password", string>> => ({
      email: !email.trim() ? t("login.email-required") : !isValidEmail(email) ? t("login.email-invalid") : undefined,
      password: password ? undefined : t("login.password-required"),
    }),
    async () => {
      const data = await login({ email: email.trim(), password, remember });
      // Administrators and providers must have accepted the legal notice (spec 01 §4); when their
      // settings cannot be read the new session ends here and the error is shown.
      let legalAccepted: boolean | undefined;
      if (ROLES_WITH_LEGAL_NOTICE.includes(data.user.user_role)) {
        try {
          // Loaded on submit: the first paint of the login page does not need it.
          const { legalAcceptedAtLogin } = await import("../../shared/legal/api/fetchAssignedSettings");
          legalAccepted = await legalAcceptedAtLogin(data);
        } catch (error) {
          logout(data.token).catch(() => {});
          throw error;
        }
      }
      rememberLogin.set(remember ? email.trim() : null);
      if (legalAccepted === false) {
        // The remembered route stays for after the acceptance.
        setTarget("/legal");
      } else {
        const remembered = pendingRedirect.take();
        setTarget(remembered && remembered !== "/login" ? remembered : null);
      }
      session.start(data, remember, legalAccepted);
    },
    (error) => {
      setPassword("");
      showError(error);
    },
  );

  if (current) return <Navigate to={target ?? startPageFor(roleOf(current), featuresOf(current))} replace />;
  return (
    <PublicCard width={420}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Stack gap={4} align="center">
            <Logo size={56} />
            <Title order={1} size="h2">
              {t("app.name")}
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              {t("app.tagline")}
            </Text>
          </Stack>
          <Title order={2} size="h4">
            {t("login.title")}
          </Title>
          <TextInput
            label={t("login.email")}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            autoFocus={!remembered}
          />
          <PasswordInput
            label={t("login.password")}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
            autoFocus={remembered !== null}
          />
          <Checkbox
            label={t("login.remember")}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Button type="submit" loading={sending} fullWidth>
            {t("login.submit")}
          </Button>
          <PublicLink to="/recover">{t("login.forgot")}</PublicLink>
          <PublicLink to="/registry">{t("login.register")}</PublicLink>
          {mailViewer && (
            <PublicLink to="/dev/mail" size="xs" dimmed>
              {t("login.mail-viewer")}
            </PublicLink>
          )}
        </Stack>
      </form>
    </PublicCard>
  );
}
