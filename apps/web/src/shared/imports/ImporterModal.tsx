import type { ImportKind } from "@coordina/domain";
import { Button, Group, Modal, Progress, Stack, Text, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { usePhone } from "../../ui/ResponsiveList";
import { FileChooser } from "./components/FileChooser";
import { RunView } from "./components/RunView";
import { StoppedPanel } from "./components/StoppedPanel";
import texts from "./es.json";
import { importText } from "./importText";
import type { Importer, ImportPhase } from "./useImporter";

addTexts(texts);

interface StepsProps {
  kind: ImportKind;
  importer: Importer;
  onClose: () => void;
}

/** The file refused as a whole (or the upload cancelled): why, in red, with 'Cerrar' and 'Reintentar'. */
function Refused({
  phase,
  onRetry,
  onClose,
}: {
  phase: Extract<ImportPhase, { step: "refused" }>;
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <StoppedPanel
      message={importText(phase.key, phase.params)}
      onRetry={onRetry}
      onClose={onClose}
      testId="import-refused"
    />
  );
}

/**
 * What the live region says: the step the importer has reached, once (never each percent or row); worded
 * apart from the texts on screen, which are not live.
 */
function useAnnouncement({ phase, following }: Importer): string {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  if (phase.step === "uploading") return t("announce-uploading", { name: phase.name });
  if (phase.step === "checking") return t("announce-checking");
  if (following && following.lost === null && following.run.status === "importing")
    return following.reconnecting
      ? t("announce-reconnecting")
      : t("announce-importing", { count: following.run.total });
  // The end and the refusals are alerts of their own, focused when they show.
  return "";
}

/** The importer's states from the file chooser on; its content is made again each time the window opens. */
function ImporterSteps({ kind, importer, onClose }: StepsProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const announcement = useAnnouncement(importer);
  // After 'Reintentar' the drop zone takes the focus (on opening, the window's own focus applies).
  const [chooseAgain, setChooseAgain] = useState(false);
  const restart = () => {
    setChooseAgain(true);
    importer.restart();
  };
  const { phase, following } = importer;

  let view: ReactNode;
  switch (phase.step) {
    case "init":
      view = <FileChooser kind={kind} onChoose={importer.choose} autoFocus={chooseAgain} />;
      break;
    case "uploading":
      view = (
        <Stack gap="xs" data-testid="import-uploading">
          <Text size="sm">{t("uploading", { name: phase.name, percent: phase.percent })}</Text>
          <Progress value={phase.percent} striped animated size="lg" aria-label={t("upload-progress")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={importer.cancel}>
              {t("cancel")}
            </Button>
          </Group>
        </Stack>
      );
      break;
    case "checking":
      view = (
        <Stack gap="xs" data-testid="import-checking">
          <Text size="sm">{t("checking")}</Text>
          <Progress value={100} striped animated size="lg" aria-label={t("upload-progress")} />
          <Text size="xs" c="gray.7">
            {t("importing-note")}
          </Text>
        </Stack>
      );
      break;
    case "refused":
      view = <Refused phase={phase} onRetry={restart} onClose={onClose} />;
      break;
    case "run":
      view = following && <RunView following={following} kind={kind} onRetry={restart} onClose={onClose} />;
      break;
  }
  return (
    <>
      <VisuallyHidden aria-live="polite" data-testid="import-announce">
        {announcement}
      </VisuallyHidden>
      {view}
    </>
  );
}

interface ImporterModalProps extends StepsProps {
  opened: boolean;
}

/**
 * The spreadsheet importer (spec 01 §2, §4; issue 20) of one kind: the file chooser (`init`), the upload's
 * progress, the server checking the file, the run's progress while the server imports (`importing`), and
 * how it ended (`endCorrect`, `endErrors`, `interrupted`) with its results; a file refused as a whole says
 * why. It may be closed at any time: an import goes on on the server and is still followed (useImporter);
 * opened again it shows that import until its end has been seen, then starts from the chooser.
 */
export function ImporterModal({ opened, kind, importer, onClose }: ImporterModalProps) {
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
      {opened && <ImporterSteps kind={kind} importer={importer} onClose={onClose} />}
    </Modal>
  );
}
