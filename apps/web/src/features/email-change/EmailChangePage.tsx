import { ErrorKey } from "@coordina/domain";
import { Alert, Button, Group, Loader, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../app/api";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { queryClient } from "../../app/queryClient";
import { rememberLogin, session } from "../../app/session";
import { PublicCard } from "../../ui/PublicCard";
import { storedSessionIsLive } from "./api/checkStoredSession";
import { confirmEmailChange } from "./api/confirmEmailChange";
import texts from "./es.json";

addTexts(texts);

/** The link's token: `?token=XYZ`, or a bare `?XYZ` (as the other token pages accept). */
function tokenFrom(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ""));
  const named = params.get("token");
  if (named !== null) return named.trim();
  for (const [key, value] of params) if (key && value === "") return key.trim();
  return "";
}

type Phase = { kind: "confirming" } | { kind: "done"; email: string } | { kind: "failed"; text: string };

/**
 * A link is spent by its first use, so each token is confirmed once per page load, however often the
 * effect runs (React's strict mode runs it twice in development).
 */
const confirmations = new Map<string, Promise<string>>();

/** After the change: a session of this user stored here has ended on the server; this browser forgets it. */
async function settleStoredSession(newEmail: string) {
  const stored = session.get();
  if (!stored) return;
  const previous = stored.user.email;
  if (await storedSessionIsLive()) return;
  queryClient.clear();
  // The login form offers the address to use from now on.
  if (rememberLogin.get()?.email === previous) rememberLogin.set(newEmail);
}

/**
 * /email-change?token=…: the link mailed to a new address by 'Mis datos'. Public (it may be opened on a
 * phone with no session): the change is confirmed on load, then the user signs in with the new e-mail.
 */
export default function EmailChangePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = tokenFrom(search);
  const [phase, setPhase] = useState<Phase>({ kind: "confirming" });

  useEffect(() => {
    let live = true;
    if (!token) {
      setPhase({ kind: "failed", text: t(ErrorKey.emailChangeLinkInvalid) });
      return;
    }
    setPhase({ kind: "confirming" });
    let confirmation = confirmations.get(token);
    if (!confirmation) {
      confirmation = confirmEmailChange(token).then(async (email) => {
        await settleStoredSession(email);
        return email;
      });
      confirmations.set(token, confirmation);
    }
    confirmation.then(
      (email) => live && setPhase({ kind: "done", email }),
      (error: unknown) => {
        // A malformed token is refused before any lookup (400): for the reader it is the same bad link.
        const malformed = error instanceof ApiError && error.status === 400;
        if (live) setPhase({ kind: "failed", text: malformed ? t(ErrorKey.emailChangeLinkInvalid) : errorText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  return (
    <PublicCard title={t("email-change-page.title")} width={520}>
      <PhaseView phase={phase} />
    </PublicCard>
  );
}

function PhaseView({ phase }: { phase: Phase }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  switch (phase.kind) {
    case "confirming":
      return (
        <Group gap="sm" justify="center" py="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t("email-change-page.confirming")}</Text>
        </Group>
      );
    case "done":
      return (
        <>
          <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="email-change-done">
            <Text fw={600}>{t("email-change-page.done", { email: phase.email })}</Text>
            <Text size="sm" mt={4}>
              {t("email-change-page.done-sessions")}
            </Text>
          </Alert>
          {/* blue.8: white on the default blue.6 is below 4.5:1 (axe color-contrast) */}
          <Button type="button" color="blue.8" onClick={() => navigate("/login")}>
            {t("email-change-page.go-to-site")}
          </Button>
        </>
      );
    default:
      return (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle />} data-testid="email-change-failed">
            <Text fw={600}>{phase.text}</Text>
            <Text size="sm" mt={4}>
              {t("email-change-page.failed-hint")}
            </Text>
          </Alert>
          <Button type="button" variant="default" onClick={() => navigate("/my-data")}>
            {t("email-change-page.to-my-data")}
          </Button>
        </>
      );
  }
}
