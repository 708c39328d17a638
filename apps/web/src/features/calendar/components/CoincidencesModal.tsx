import type { Coincidence } from "@coordina/domain";
import { Alert, Badge, Button, Checkbox, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { spanText } from "../../../shared/calendar/calendarDays";
import { ErrorAlert, Loading } from "../../../ui/LoadState";
import { coincidencesQuery } from "../api/fetchCoincidences";
import { type NoticePace, useNoticeSending } from "../api/sendNotices";
import { KIND_WORDS } from "../logic";

/** Whose coincidences the modal shows: those an add answered with, or (without them) those asked for. */
export interface CoincidencesSubject {
  entryId: number;
  /** the add's answer; undefined: asked to the server (the 'Coincidencias' button of an own entry) */
  coincidences?: Coincidence[];
  /** the entry's notify flag: its coincidences not yet notified come checked */
  notify: boolean;
}

const keyOf = (c: Coincidence) => `${c.kind}:${c.ref}`;
const notified = (c: Coincidence) => c.notice?.sent === true;

function NoticeState({ coincidence }: { coincidence: Coincidence }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-coincidences.state" });
  const { notice } = coincidence;
  if (!notice) return null;
  if (notice.acknowledged) return <Badge color="green">{t("acknowledged")}</Badge>;
  return <Badge color={notice.sent ? "blue" : "yellow"}>{t(notice.sent ? "sent" : "pending")}</Badge>;
}

/** The coincidences with a checkbox each, and the sending of the notices of those checked. */
type Sender = ReturnType<typeof useNoticeSending>;

function CoincidenceList({
  subject,
  coincidences,
  sender,
  onClose,
}: {
  subject: CoincidencesSubject;
  coincidences: Coincidence[];
  sender: Sender;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-coincidences" });
  const [checked, setChecked] = useState<ReadonlySet<string>>(
    () => new Set(subject.notify ? coincidences.filter((c) => !notified(c)).map(keyOf) : []),
  );
  const { sending, start } = sender;
  if (coincidences.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-coincidences">
        {t("none")}
      </Text>
    );
  if (sending.step === "done")
    return (
      <Stack>
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="notices-sent" role="status">
          {t("sent-all")}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("close")}</Button>
        </Group>
      </Stack>
    );
  const toggle = (key: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const chosen = coincidences.filter((c) => !notified(c) && checked.has(keyOf(c)));
  const busy = sending.step === "sending";
  return (
    <Stack gap="sm">
      <Stack gap="xs" role="list" aria-label={t("list-label")}>
        {coincidences.map((coincidence) => (
          <Group
            key={keyOf(coincidence)}
            role="listitem"
            wrap="nowrap"
            align="flex-start"
            gap="sm"
            data-testid="coincidence"
          >
            <Checkbox
              aria-label={coincidence.provider_name}
              checked={!notified(coincidence) && checked.has(keyOf(coincidence))}
              disabled={notified(coincidence) || busy}
              onChange={(event) => toggle(keyOf(coincidence), event.currentTarget.checked)}
              mt={2}
            />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
                  {coincidence.provider_name}
                </Text>
                <NoticeState coincidence={coincidence} />
              </Group>
              <Text size="sm" style={{ wordBreak: "break-word" }}>
                {coincidence.kind === "seven24" || !coincidence.title
                  ? t(KIND_WORDS[coincidence.kind])
                  : coincidence.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t("overlap", { span: spanText(coincidence.overlap_start, coincidence.overlap_end) })}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
      {busy && (
        <Stack gap={4}>
          <Text size="sm">{`${t("sending")}: ${sending.percent} %`}</Text>
          <Progress value={sending.percent} aria-label={t("sending")} animated />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t("close")}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={chosen.length === 0}
          loading={busy}
          onClick={() =>
            void start(
              subject.entryId,
              chosen.map(({ kind, ref }) => ({ kind, ref })),
            )
          }
        >
          {t("notify")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The coincidences an own entry has now, as the server tells them. */
function AskedCoincidences(props: { subject: CoincidencesSubject; sender: Sender; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-coincidences" });
  const query = useQuery(coincidencesQuery(props.subject.entryId));
  if (query.isPending) return <Loading text={t("loading")} />;
  if (query.isError)
    return (
      <ErrorAlert role="alert" testId="coincidences-failed">
        {t("failed")}
      </ErrorAlert>
    );
  return <CoincidenceList {...props} coincidences={query.data} />;
}

/**
 * 'Coincidencias con otros proveedores' (spec 02 §2, §4, §8; issue 22 item 2): each coincidence (the provider,
 * its visit's comment, weekly schedule's title or 'Servicio 24 horas', and the overlap in Madrid time) with a
 * checkbox, checked when the entry asked to notify; the notices already sent show their state. 'Avisar a los
 * seleccionados' sends the notices one at a time with a percentage and ends with 'Notificaciones enviadas'.
 * It cannot be closed while sending.
 */
export function CoincidencesModal({
  subject,
  communityId,
  pace,
  onClose,
}: {
  subject: CoincidencesSubject | null;
  communityId: number;
  pace?: NoticePace;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-coincidences" });
  const sender = useNoticeSending(communityId, pace);
  const busy = sender.sending.step === "sending";
  const close = () => {
    if (busy) return;
    sender.reset();
    onClose();
  };
  return (
    <Modal
      opened={subject !== null}
      onClose={close}
      withCloseButton={!busy}
      closeOnClickOutside={false}
      title={t("title")}
      size="lg"
    >
      {subject &&
        (subject.coincidences ? (
          <CoincidenceList
            key={subject.entryId}
            subject={subject}
            coincidences={subject.coincidences}
            sender={sender}
            onClose={close}
          />
        ) : (
          <AskedCoincidences key={subject.entryId} subject={subject} sender={sender} onClose={close} />
        ))}
    </Modal>
  );
}
