import { ErrorKey, ValidationKey } from "@coordina/domain";
import { Alert, Button, Group, List, Modal, Progress, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api";
import { errorText } from "../../app/errorDialog";
import {
  type LineOutcome,
  mergeOutcomes,
  parseActivityLines,
  type ScanCalls,
  scanActivities,
  summarize,
} from "./activityLines";
import { activityExists } from "./api/activityExists";
import { addActivity } from "./api/addActivity";

const calls: ScanCalls = {
  exists: activityExists,
  add: addActivity,
  isDuplicate: (error) => error instanceof ApiError && error.key === ErrorKey.activityExists,
  describe: errorText,
};

type Phase = "entry" | "scanning" | "done";

interface AddActivitiesModalProps {
  opened: boolean;
  /** The modal closed; the list refreshes. */
  onClose: () => void;
}

/**
 * The bulk add of activities (spec 01 §2, §4): entry (one per line) → scanning, one request at a time
 * with a progress bar → done, 'correct' only when every line succeeded; otherwise the failures are listed
 * and 'Reintentar' tries those again.
 */
export function AddActivitiesModal({ opened, onClose }: AddActivitiesModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "activities-page.bulk" });
  const { t: tAll } = useTranslation();
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const [phase, setPhase] = useState<Phase>("entry");
  const [outcomes, setOutcomes] = useState<LineOutcome[]>([]);
  const [repeated, setRepeated] = useState(0);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  // A run stops when the page goes away; its answers are not applied.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const parsed = parseActivityLines(text);
  const firstTooLong = parsed.tooLong[0];
  const summary = summarize(outcomes);

  async function run(names: string[], previous: LineOutcome[]) {
    setPhase("scanning");
    setProgress({ done: 0, total: names.length });
    const next = await scanActivities(
      names,
      calls,
      (done) => {
        if (alive.current) setProgress({ done, total: names.length });
      },
      () => !alive.current,
    );
    if (!alive.current) return;
    setOutcomes(mergeOutcomes(previous, next));
    setPhase("done");
  }

  function start() {
    setTouched(true);
    if (parsed.names.length === 0 || firstTooLong !== undefined || phase !== "entry") return;
    setRepeated(parsed.repeated);
    void run(parsed.names, []);
  }

  function retry() {
    if (phase !== "done") return;
    void run(
      summary.failed.map((f) => f.name),
      outcomes,
    );
  }

  function close() {
    if (phase === "scanning") return;
    setText("");
    setTouched(false);
    setPhase("entry");
    setOutcomes([]);
    setRepeated(0);
    setProgress({ done: 0, total: 0 });
    onClose();
  }

  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const progressLabel =
    phase === "scanning"
      ? t("checking", {
          current: Math.min(progress.done + 1, progress.total),
          total: progress.total,
        })
      : t("checked", { total: progress.total });
  const correct = summary.failed.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("title")}
      size="xl"
      closeOnClickOutside={phase !== "scanning"}
      closeOnEscape={phase !== "scanning"}
      withCloseButton={phase !== "scanning"}
    >
      {phase === "entry" ? (
        <Stack>
          <Textarea
            label={t("label")}
            description={t("hint")}
            placeholder={t("placeholder")}
            autosize
            minRows={8}
            maxRows={18}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={
              touched && firstTooLong !== undefined
                ? t("too-long", { message: tAll(ValidationKey.activityTooLong), name: firstTooLong })
                : undefined
            }
            data-autofocus
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="activities-to-add">
              {t("to-add", { count: parsed.names.length })}
              {parsed.repeated > 0 && ` · ${t("repeated", { count: parsed.repeated })}`}
            </Text>
            <Button onClick={start} disabled={parsed.names.length === 0 || firstTooLong !== undefined}>
              {t("add")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Stack gap={4}>
            <Text size="sm">{progressLabel}</Text>
            <Progress.Root size="lg">
              <Progress.Section
                value={phase === "done" ? 100 : percent}
                aria-label={progressLabel}
                color={phase === "done" ? (correct ? "green" : "yellow") : undefined}
                animated={phase === "scanning"}
              />
            </Progress.Root>
          </Stack>
          {phase === "done" && (
            <>
              <Alert
                color={correct ? "green" : "yellow"}
                icon={correct ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
                title={correct ? t("correct") : t("incorrect")}
                data-testid="activities-added"
              >
                <Text size="sm">{t("added", { count: summary.added })}</Text>
                <Text size="sm">{t("existing", { count: summary.existing })}</Text>
                {repeated > 0 && <Text size="sm">{t("ignored", { count: repeated })}</Text>}
                {!correct && <Text size="sm">{t("failed", { count: summary.failed.length })}</Text>}
              </Alert>
              {!correct && (
                <Stack gap="xs" data-testid="activities-failures">
                  <Text fw={700} size="sm">
                    {t("failures")}
                  </Text>
                  <List size="sm" spacing={4}>
                    {summary.failed.map((f) => (
                      <List.Item key={f.name}>{t("failure", { name: f.name, error: f.error })}</List.Item>
                    ))}
                  </List>
                </Stack>
              )}
              <Group justify="flex-end">
                {!correct && (
                  <Button variant="default" onClick={retry}>
                    {t("retry")}
                  </Button>
                )}
                <Button onClick={close}>{t("close")}</Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
