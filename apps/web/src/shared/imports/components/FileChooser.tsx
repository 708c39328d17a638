import { IMPORT_HEADERS, type ImportKind, MAX_FILE_SIZE_MB } from "@coordina/domain";
import { Button, Group, List, Stack } from "@mantine/core";
import { IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DropZone } from "../../../ui/DropZoneContent";
import { useDownloadTemplate } from "../api/importDownloads";
import { SHEET_TYPES } from "../importRules";

interface FileChooserProps {
  kind: ImportKind;
  /** the file chosen or dropped (the first one, when several came) */
  onChoose: (file: File) => void;
  /** the drop zone takes the focus when it shows (back from 'Reintentar') */
  autoFocus?: boolean;
}

/**
 * The importer's `init` state (spec 01 §4): a drop zone for one .xlsx or .xls file (click, keyboard or
 * drag and drop; a button named for a screen reader), the headers the kind's sheet 'Datos' must have and
 * the template to start from.
 */
export function FileChooser({ kind, onChoose, autoFocus = false }: FileChooserProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const hintId = useId();
  const template = useDownloadTemplate();
  // Every file chosen or dropped is judged by the importer (sheetRefusal), whatever the drop zone thought.
  const onFiles = (files: File[]) => {
    const first = files[0];
    if (first) onChoose(first);
  };
  return (
    <Stack gap="sm" data-testid="import-chooser">
      <DropZone
        onFiles={onFiles}
        accept={SHEET_TYPES}
        multiple={false}
        // The drop zone is the button; its file input is only the browser's means (none to tab to or read out).
        inputProps={{ "aria-label": t("input"), style: { display: "none" } }}
        role="button"
        aria-label={t("drop")}
        aria-describedby={hintId}
        autoFocus={autoFocus}
        data-testid="import-drop"
        idleIcon={<IconFileSpreadsheet size={36} color="var(--mantine-color-dimmed)" aria-hidden />}
        title={t("drop")}
        hint={t("hint", { max: MAX_FILE_SIZE_MB })}
        hintId={hintId}
      />
      <List size="sm" spacing={4}>
        <List.Item>{t("headers", { headers: IMPORT_HEADERS[kind].join(", ") })}</List.Item>
        {kind === "providers" && <List.Item>{t("activities")}</List.Item>}
        <List.Item>{t("template-note")}</List.Item>
      </List>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={template.isPending}
          onClick={() => template.mutate(kind)}
        >
          {t("template")}
        </Button>
      </Group>
    </Stack>
  );
}
