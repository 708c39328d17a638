import type { ImportKind, ImportRun } from "@coordina/domain";
import { ErrorKey } from "@coordina/domain";
import { Alert, Button, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api";
import { addTexts } from "../../app/i18n";
import { usePhone } from "../../ui/ResponsiveList";
import { refreshAfterImport } from "./api/refreshAfterImport";
import { startImport } from "./api/startImport";
import { FileChooser } from "./components/FileChooser";
import { RunView } from "./components/RunView";
import texts from "./es.json";
import { sheetRefusal } from "./importRules";
import { importText } from "./importText";

addTexts(texts);

/** Where the importer is: choosing, sending the file, refused (the file itself), or following a run. */
type Phase =
  | { step: "init" }
  | { step: "uploading"; name: string; percent: number }
  | { step: "refused"; key: string; params?: Record<string, string> }
  | { step: "run"; run: ImportRun };

interface ImporterProps {
  kind: ImportKind;
  /** the community of a `community-providers` import */
  idFinca?: number;
  onClose: () => void;
}

/** The importer's states from the file chooser on; it lives while the modal is open. */
function Importer({ kind, idFinca, onClose }: ImporterProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: "init" });
  const controller = useRef<AbortController | null>(null);
  // A run was started: the lists reload when it stops, and when the modal closes while it goes on.
  const started = useRef(false);
  useEffect(
    () => () => {
      controller.current?.abort();
      if (started.current) refreshAfterImport(queryClient, kind, idFinca);
    },
    [queryClient, kind, idFinca],
  );

  function choose(file: File) {
    const refusal = sheetRefusal(file);
    if (refusal) {
      setPhase({ step: "refused", key: refusal });
      return;
    }
    const upload = new AbortController();
    controller.current = upload;
    setPhase({ step: "uploading", name: file.name, percent: 0 });
    startImport({
      kind,
      file,
      idFinca,
      signal: upload.signal,
      onProgress: (fraction) =>
        setPhase((current) =>
          current.step === "uploading" ? { ...current, percent: Math.round(fraction * 100) } : current,
        ),
    })
      .then((run) => {
        started.current = true;
        setPhase({ step: "run", run });
      })
      .catch((error: unknown) => {
        if (upload.signal.aborted) return;
        setPhase(
          error instanceof ApiError
            ? { step: "refused", key: error.key, params: error.params }
            : { step: "refused", key: ErrorKey.uploadFailed },
        );
      });
  }

  const retry = () => setPhase({ step: "init" });

  switch (phase.step) {
    case "init":
      return <FileChooser kind={kind} onChoose={choose} />;
    case "uploading":
      return (
        <Stack gap="xs" data-testid="import-uploading">
          <Text size="sm" aria-live="polite">
            {t("uploading", { name: phase.name, percent: phase.percent })}
          </Text>
          <Progress value={phase.percent} striped animated size="lg" aria-label={t("upload-progress")} />
        </Stack>
      );
    case "refused":
      return (
        <Stack gap="sm" data-testid="import-refused">
          <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert">
            <Text size="sm" c="red.9">
              {importText(phase.key, phase.params)}
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("close")}
            </Button>
            <Button leftSection={<IconRefresh size={16} />} onClick={retry}>
              {t("retry")}
            </Button>
          </Group>
        </Stack>
      );
    case "run":
      return (
        <RunView
          started={phase.run}
          kind={kind}
          onRetry={retry}
          onClose={onClose}
          onEnded={() => refreshAfterImport(queryClient, kind, idFinca)}
        />
      );
  }
}

interface ImporterModalProps extends ImporterProps {
  opened: boolean;
}

/**
 * The spreadsheet importer (spec 01 §2, §4; issue 20) of one kind: the file chooser (`init`), the upload's
 * progress, the run's progress while the server imports (`importing`), and how it ended (`endCorrect`,
 * `endErrors`, `interrupted`) with its results; a file refused as a whole says why. It may be closed at
 * any time (an import goes on on the server); opened again it starts from the chooser.
 */
export function ImporterModal({ opened, kind, idFinca, onClose }: ImporterModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`kinds.${kind}.title`)}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("close-window") }}
    >
      {opened && <Importer kind={kind} idFinca={idFinca} onClose={onClose} />}
    </Modal>
  );
}
