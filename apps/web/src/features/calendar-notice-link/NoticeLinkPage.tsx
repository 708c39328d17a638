import type { CalendarNotice } from "@coordina/domain";
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../app/api";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { shownDate, shownDateTime } from "../../shared/calendar/calendarDays";
import "../../shared/calendar/texts";
import { communityPanelPath } from "../../shared/paths";
import { PublicCard, PublicLink } from "../../ui/PublicCard";
import { acknowledgeByLink, fetchNoticeByLink } from "./api/noticeLink";
import texts from "./es.json";

addTexts(texts);

type Phase =
  | { kind: "loading" }
  | { kind: "shown"; notice: CalendarNotice }
  /** no token, or one the server does not know (malformed, renewed, made up) */
  | { kind: "invalid" }
  | { kind: "failed"; text: string };

/** A bad link is refused before any lookup (400) or not found (404): for the reader both are the same. */
const isBadLink = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 404);

/**
 * A Madrid wall-clock range ('YYYY-MM-DD HH:mm'): '01/12/2026, de 09:00 a 11:00', or across days. Written from the
 * texts, never through the browser's clock, where such a time may not exist (its own daylight-saving change).
 */
function useRangeText() {
  const { t } = useTranslation(undefined, { keyPrefix: "notice-link" });
  return (start: string, end: string) =>
    start.slice(0, 10) === end.slice(0, 10)
      ? t("range-day", { date: shownDate(start), start: start.slice(11, 16), end: end.slice(11, 16) })
      : t("range", { start: shownDateTime(start), end: shownDateTime(end) });
}

/**
 * /aviso?token=…: the 'Enterado' link of a coincidence notice mailed to the other provider (issue 22 item 3).
 * Public, with or without a session: the token alone names one notice. It shows the notice and 'Enterado',
 * or when that was answered.
 */
export default function NoticeLinkPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "notice-link" });
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });

  useEffect(() => {
    if (!token) {
      setPhase({ kind: "invalid" });
      return;
    }
    let live = true;
    setPhase({ kind: "loading" });
    fetchNoticeByLink(token).then(
      (notice) => live && setPhase({ kind: "shown", notice }),
      (error: unknown) => {
        if (live) setPhase(isBadLink(error) ? { kind: "invalid" } : { kind: "failed", text: errorText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <PublicCard title={t("title")} width={560}>
      <PhaseView phase={phase} token={token} onAcknowledged={(notice) => setPhase({ kind: "shown", notice })} />
    </PublicCard>
  );
}

function PhaseView({
  phase,
  token,
  onAcknowledged,
}: {
  phase: Phase;
  token: string;
  onAcknowledged: (notice: CalendarNotice) => void;
}): ReactNode {
  const { t } = useTranslation(undefined, { keyPrefix: "notice-link" });
  switch (phase.kind) {
    case "loading":
      return (
        <Group gap="sm" justify="center" py="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t("loading")}</Text>
        </Group>
      );
    case "shown":
      return <NoticeView notice={phase.notice} token={token} onAcknowledged={onAcknowledged} />;
    default:
      return (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle />} data-testid="notice-link-invalid">
            <Text fw={600}>{phase.kind === "invalid" ? t("invalid") : phase.text}</Text>
            {phase.kind === "invalid" && (
              <Text size="sm" mt={4}>
                {t("invalid-hint")}
              </Text>
            )}
          </Alert>
          <PublicLink to="/login">{t("login")}</PublicLink>
        </>
      );
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function NoticeView({
  notice,
  token,
  onAcknowledged,
}: {
  notice: CalendarNotice;
  token: string;
  onAcknowledged: (notice: CalendarNotice) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "notice-link" });
  const range = useRangeText();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const from = notice.from_provider.name;
  const to = notice.to_provider.name;

  async function acknowledge() {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      onAcknowledged(await acknowledgeByLink(token));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="md" data-testid="notice-link">
      <div>
        <Text fw={700} size="lg" style={{ wordBreak: "break-word" }}>
          {notice.finca_name}
        </Text>
        <Text size="sm">{t("from-to", { from, to })}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t("visit", { from })}>{range(notice.startdate, notice.enddate)}</Fact>
        <Fact label={t("overlap")}>{range(notice.overlap_start, notice.overlap_end)}</Fact>
        <Fact label={t("sent")}>{notice.sent_at ? shownDateTime(notice.sent_at) : t("not-sent")}</Fact>
      </SimpleGrid>
      {notice.acknowledged_at ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="notice-link-acknowledged">
          <Text fw={600}>{t("acknowledged", { date: shownDateTime(notice.acknowledged_at) })}</Text>
          {notice.acknowledged_by && (
            <Text size="sm" mt={4}>
              {t("acknowledged-by", { who: notice.acknowledged_by })}
            </Text>
          )}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t("explain", { from, to })}</Text>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          <Button type="button" loading={sending} onClick={() => void acknowledge()}>
            {t("acknowledge")}
          </Button>
        </>
      )}
      <PublicLink to={communityPanelPath(notice.id_finca, "gremio/calendar")}>{t("to-calendar")}</PublicLink>
    </Stack>
  );
}
