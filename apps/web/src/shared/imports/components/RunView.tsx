import type { ImportKind, ImportRun } from "@coordina/domain";
import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconFileDownload,
  IconRefresh,
  IconUpload,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { useDownloadErrors } from "../api/importDownloads";
import { countsToSay, offersErrorFile } from "../importRules";
import type { Following } from "../useImporter";
import { ImportResults } from "./ImportResults";
import { StoppedPanel } from "./StoppedPanel";
import { useFocusOnShow } from "./useFocusOnShow";

/** 'N dadas de alta, N incluidas, N asociadas, N ya estaban' (the counts above zero; nothing when none). */
function CountsLine({ run }: { run: ImportRun }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const said = countsToSay(run.counts);
  if (said.length === 0) return null;
  return (
    <Text size="sm" data-testid="import-counts">
      {said.map(({ name, count }) => t(`counts.${name}`, { count })).join(", ")}
    </Text>
  );
}

/**
 * The `importing` state: 'Importando fila {done} de {total}' over a progress bar; while answers fail for
 * now it says the server is being asked again.
 */
function Importing({ run, reconnecting }: { run: ImportRun; reconnecting: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="import-importing">
      <Text size="sm">{t("importing", { done: run.done, total: run.total })}</Text>
      <Progress value={percent} striped animated size="lg" aria-label={t("import-progress")} />
      <Text size="xs" c="gray.7">
        {t("importing-note")}
      </Text>
      {reconnecting && (
        <Text size="xs" c="orange.9" data-testid="import-reconnecting">
          {t("reconnecting")}
        </Text>
      )}
    </Stack>
  );
}

interface ActionsProps {
  /** back to the file chooser ('Reintentar', 'Importar otro fichero') */
  onRetry: () => void;
  onClose: () => void;
}

/** The run can no longer be followed (the server refused to answer for it): why, 'Cerrar' and 'Reintentar'. */
function Lost({ error, onRetry, onClose }: ActionsProps & { error: unknown }) {
  return <StoppedPanel message={errorText(error)} onRetry={onRetry} onClose={onClose} testId="import-stopped" />;
}

/** The end of a run: endCorrect, endErrors or interrupted, with its counts and what to do next. */
function Ended({ run, kind, onRetry, onClose }: ActionsProps & { run: ImportRun; kind: ImportKind }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const errorsFile = useDownloadErrors();
  const alert = useFocusOnShow();
  const correct = run.status === "endCorrect";
  const interrupted = run.status === "interrupted";
  const title = correct ? t("end-correct") : interrupted ? t("interrupted") : t("end-errors");
  const color = correct ? "green" : interrupted ? "yellow" : "red";
  const Icon = correct ? IconCircleCheck : interrupted ? IconAlertTriangle : IconCircleX;
  return (
    <Stack gap="sm" data-testid="import-ended" data-status={run.status}>
      <Alert
        ref={alert}
        tabIndex={-1}
        data-autofocus
        color={color}
        icon={<Icon size={20} />}
        title={title}
        role="status"
      >
        <Stack gap={4}>
          <CountsLine run={run} />
          {run.counts.invalid > 0 && (
            <Text size="sm" fw={600}>
              {t("nothing-imported")}
            </Text>
          )}
        </Stack>
      </Alert>
      {offersErrorFile(run) && (
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
        {correct ? (
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={onRetry}>
            {t("another")}
          </Button>
        ) : (
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t("retry")}
          </Button>
        )}
        <Button onClick={onClose}>{t("close")}</Button>
      </Group>
    </Stack>
  );
}

/**
 * The run the upload started (useImporter follows it, window open or not): its progress while the server
 * imports, how it ended, or why it can no longer be followed.
 */
export function RunView({ following, kind, ...actions }: ActionsProps & { following: Following; kind: ImportKind }) {
  const { run, reconnecting, lost } = following;
  if (lost !== null) return <Lost error={lost} {...actions} />;
  if (run.status === "importing") return <Importing run={run} reconnecting={reconnecting} />;
  return <Ended run={run} kind={kind} {...actions} />;
}
