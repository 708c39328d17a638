import { ErrorKey, isValidEmail, ValidationKey } from "@coordina/domain";
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api";
import { addTexts, translateError } from "../../app/i18n";
import { PublicCard, PublicLink } from "../../ui/PublicCard";
import { requestRecovery } from "./api/recover";
import texts from "./es.json";

addTexts(texts);

/** Spec 01 §4: form, sending, sent ok or failed; 'Reintentar' returns to the form. */
type Phase = { kind: "form" } | { kind: "sending" } | { kind: "ok" } | { kind: "failed"; message: string };

/** Password recovery request (/recover): left the form, right what happens (or happened). */
export default function RecoverPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const input = useRef<HTMLInputElement>(null);
  const finished = phase.kind === "ok" || phase.kind === "failed";

  function reset() {
    setPhase({ kind: "form" });
    setEmail("");
    setError(undefined);
    input.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (finished) {
      reset();
      return;
    }
    if (phase.kind === "sending") return;
    if (!isValidEmail(email)) {
      setError(t(ValidationKey.emailRecovery));
      return;
    }
    setError(undefined);
    setPhase({ kind: "sending" });
    try {
      await requestRecovery({ email: email.trim() });
      setPhase({ kind: "ok" });
    } catch (err) {
      // The server answers alike whether the address is registered or not: a failure here is a real one
      // (too many requests, no connection), and says so.
      const message = translateError(err instanceof ApiError ? err.key : ErrorKey.generic);
      setPhase({ kind: "failed", message });
    }
    setEmail("");
  }

  return (
    <PublicCard title={t("pages.recover.title")} width={860}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t("recover-page.intro")}
            </Text>
            {/* Every field of this form is required: no asterisk, so each label reads exactly as written. */}
            <TextInput
              ref={input}
              label={t("recover-page.email")}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                if (error) setError(undefined);
                // Typing a new address after a result starts a new request.
                if (finished) setPhase({ kind: "form" });
              }}
              error={error}
              disabled={phase.kind === "sending"}
              required
              withAsterisk={false}
              autoFocus
            />
            {finished ? (
              <Button type="button" onClick={reset} fullWidth>
                {t("recover-page.retry")}
              </Button>
            ) : (
              <Button type="submit" loading={phase.kind === "sending"} fullWidth>
                {t("recover-page.submit")}
              </Button>
            )}
            <PublicLink to="/login">{t("nav.back-to-login")}</PublicLink>
          </Stack>
        </form>
        <Stack justify="center" data-testid="recover-result">
          <ResultPanel phase={phase} />
        </Stack>
      </SimpleGrid>
    </PublicCard>
  );
}

function ResultPanel({ phase }: { phase: Phase }) {
  const { t } = useTranslation();
  switch (phase.kind) {
    case "sending":
      return (
        <Group gap="sm" justify="center">
          <Loader size="sm" />
          <Text>{t("recover-page.sending")}</Text>
        </Group>
      );
    case "ok":
      return (
        <Alert color="green" variant="light" icon={<IconCircleCheck />}>
          <Text size="sm">{t("recover-page.sent")}</Text>
          <Text size="sm" mt="xs">
            {t("recover-page.sent-hint")}
          </Text>
        </Alert>
      );
    case "failed":
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle />}>
          {phase.message}
        </Alert>
      );
    default:
      return (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} title={t("recover-page.info-title")}>
          {t("recover-page.info")}
        </Alert>
      );
  }
}
