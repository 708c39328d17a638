import type { ImportKind, ImportRun } from "@coordina/domain";
import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconFileDownload, IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { useDownloadErrors } from "../api/importDownloads";
import { importRunQuery } from "../api/importRun";
import { countsToSay, problemsOf } from "../importRules";
import { ImportResults } from "./ImportResults";

/** 'N dadas de alta, N incluidas, N asociadas, N ya estaban' (the counts above zero). */
function CountsLine({ run }: { run: ImportRun }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const said = countsToSay(run.counts);
  return (
    <Text size="sm" data-testid="import-counts">
      {said.length > 0 ? said.map(({ name, count }) => t(`counts.${name}`, { count })).join(", ") : t("no-rows")}
    </Text>
  );
}

/** The `importing` state: 'Importando fila {done} de {total}' over a progress bar. */
function Importing({ run, failure }: { run: ImportRun; failure: unknown }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="import-importing">
      <Text size="sm" aria-live="polite">
        {t("importing", { done: run.done, total: run.total })}
      </Text>
      <Progress value={percent} striped animated size="lg" aria-label={t("import-progress")} />
      <Text size="xs" c="gray.7">
        {t("importing-note")}
      </Text>
      {failure !== null && (
        <Text size="xs" c="red">
          {errorText(failure)}
        </Text>
      )}
    </Stack>
  );
}

/** The end of a run: endCorrect, endErrors or interrupted, with its counts and what to do next. */
function Ended({ run, kind, onRetry, onClose }: RunViewProps & { run: ImportRun }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const errorsFile = useDownloadErrors();
  const problems = problemsOf(run);
  const correct = run.status === "endCorrect";
  const interrupted = run.status === "interrupted";
  const title = correct ? t("end-correct") : interrupted ? t("interrupted") : t("end-errors");
  const color = correct ? "green" : interrupted ? "yellow" : "red";
  const Icon = correct ? IconCircleCheck : interrupted ? IconAlertTriangle : IconCircleX;
  return (
    <Stack gap="sm" data-testid="import-ended" data-status={run.status}>
      <Alert color={color} icon={<Icon size={20} />} title={title} role="status">
        <Stack gap={4}>
          <CountsLine run={run} />
          {run.counts.invalid > 0 && (
            <Text size="sm" fw={600}>
              {t("nothing-imported")}
            </Text>
          )}
        </Stack>
      </Alert>
      {problems > 0 && (
        <Stack gap={4}>
          <Group>
            <Button
              variant="light"
              color="red"
              leftSection={<IconFileDownload size={16} />}
              loading={errorsFile.isPending}
              onClick={() => errorsFile.mutate(run.id)}
            >
              {t("errors-file")}
            </Button>
          </Group>
          <Text size="xs" c="gray.7">
            {t("errors-file-hint")}
          </Text>
        </Stack>
      )}
      <ImportResults run={run} kind={kind} />
      <Group justify="flex-end">
        {!correct && (
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t("retry")}
          </Button>
        )}
        <Button onClick={onClose}>{t("close")}</Button>
      </Group>
    </Stack>
  );
}

interface RunViewProps {
  kind: ImportKind;
  /** back to the file chooser ('Reintentar') */
  onRetry: () => void;
  onClose: () => void;
}

/**
 * A run the upload started: its progress while the server imports (asked every 500 ms), then how it
 * ended. `onEnded` is told once the run has stopped.
 */
export function RunView({ started, onEnded, ...props }: RunViewProps & { started: ImportRun; onEnded: () => void }) {
  const run = useQuery(importRunQuery(started));
  const current = run.data ?? started;
  const stopped = current.status !== "importing";
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    if (stopped) ended.current();
  }, [stopped]);
  if (current.status === "importing") return <Importing run={current} failure={run.isError ? run.error : null} />;
  return <Ended run={current} {...props} />;
}
