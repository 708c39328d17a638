import { ErrorKey, MAX_FILE_SIZE_MB, PDF_MIME } from "@coordina/domain";
import { ActionIcon, Button, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconFileTypePdf, IconX } from "@tabler/icons-react";
import { type JSX, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../app/api";
import { addTexts } from "../app/i18n";
import { uploadFile } from "../app/upload";
import { DropZone } from "./DropZoneContent";
import texts from "./UploadArea.es.json";
import { type Failure, groupFailures, ONE_ONLY, refusalOf } from "./uploadChecks";

addTexts(texts);

export interface UploadAreaProps {
  /** the multipart endpoint, e.g. "/companies/documents/upload-defined-file" */
  path: string;
  /** extra multipart fields, sent before the file */
  fields: Record<string, string | number>;
  /** several files at once (each its own request and progress bar); default true */
  multiple?: boolean;
  disabled?: boolean;
  /** called with the server's JSON answer of each successful upload */
  onUploaded: (answer: unknown) => void;
}

/** One chosen file and how its upload goes. */
interface Item {
  key: number;
  name: string;
  /** 0 to 100 */
  percent: number;
  status: "uploading" | "done" | "failed";
  /** the error key of a failed one */
  error?: string;
}

/** 'Subido' in green or 'No subido' in red, with its icon. */
function Outcome({ color, icon, text }: { color: string; icon: ReactNode; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" c={color}>
      {icon}
      <Text size="xs" c={color}>
        {text}
      </Text>
    </Group>
  );
}

function ItemRow({ item, onRemove }: { item: Item; onRemove: () => void }) {
  const { t: tAll } = useTranslation();
  const { t } = useTranslation(undefined, { keyPrefix: "upload-area" });
  const color = item.status === "failed" ? "red" : item.status === "done" ? "green" : undefined;
  return (
    <Stack gap={4} data-testid="upload-item" data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileTypePdf size={16} aria-hidden style={{ flex: "none" }} />
          <Text size="sm" truncate="end">
            {item.name}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {item.status === "uploading" && (
            <Text size="xs" c="dimmed">
              {t("waiting", { percent: item.percent })}
            </Text>
          )}
          {item.status === "done" && (
            <Outcome color="green" icon={<IconCircleCheck size={16} aria-hidden />} text={t("done")} />
          )}
          {item.status === "failed" && (
            <Outcome color="red" icon={<IconCircleX size={16} aria-hidden />} text={t("failed")} />
          )}
          {item.status !== "uploading" && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t("remove", { name: item.name })}
              onClick={onRemove}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Progress
        value={item.status === "failed" ? 100 : item.percent}
        color={color}
        striped={item.status === "uploading"}
        animated={item.status === "uploading"}
        size="sm"
        aria-label={t("progress", { name: item.name })}
      />
      {item.error && (
        <Text size="xs" c="red">
          {tAll(item.error, { max: MAX_FILE_SIZE_MB })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The upload area (spec 02 §2 'Upload area'): a drop zone 'Haz click o arrastra aquí tus ficheros' that
 * takes PDFs by click or drag and drop, one request and one progress bar per file. Files that are not
 * PDF or are over the size limit are refused here; any failure shows the spec's dialog 'Ha habido un
 * error' with the reason (spec 02 §8). `onUploaded` gets each successful answer.
 */
export function UploadArea({
  path,
  fields,
  multiple = true,
  disabled = false,
  onUploaded,
}: UploadAreaProps): JSX.Element {
  const { t: tAll } = useTranslation();
  const { t } = useTranslation(undefined, { keyPrefix: "upload-area" });
  const hintId = useId();
  const [items, setItems] = useState<Item[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const nextKey = useRef(0);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  // Leaving the screen stops the uploads still going.
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
      running.clear();
    };
  }, []);

  const update = (key: number, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const failed = (key: number, name: string, error: string) => {
    update(key, { status: "failed", error });
    setFailures((current) => [...current, { key, name, error }]);
  };

  function start(key: number, file: File) {
    const controller = new AbortController();
    controllers.current.add(controller);
    uploadFile(path, file, {
      fields,
      signal: controller.signal,
      onProgress: (fraction) => update(key, { percent: Math.round(fraction * 100) }),
    })
      .then((answer) => {
        update(key, { status: "done", percent: 100 });
        uploaded.current(answer);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        failed(key, file.name, error instanceof ApiError ? error.key : ErrorKey.uploadFailed);
      })
      .finally(() => controllers.current.delete(controller));
  }

  function take(files: File[]) {
    if (files.length === 0) return;
    const tooMany = !multiple && files.length > 1;
    const added: Item[] = [];
    const refused: Failure[] = [];
    const toSend: [number, File][] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const error = tooMany ? ONE_ONLY : refusalOf(file);
      added.push({
        key,
        name: file.name,
        percent: 0,
        status: error ? "failed" : "uploading",
        error: error ?? undefined,
      });
      if (error) refused.push({ key, name: file.name, error });
      else toSend.push([key, file]);
    }
    setItems((current) => [...current, ...added]);
    if (refused.length > 0) setFailures((current) => [...current, ...refused]);
    for (const [key, file] of toSend) start(key, file);
  }

  return (
    <Stack gap="xs">
      {/* Every file chosen or dropped is judged here (refusalOf), whatever the drop zone thought of it. */}
      <DropZone
        onFiles={take}
        accept={{ [PDF_MIME]: [".pdf"] }}
        multiple={multiple}
        disabled={disabled}
        // The zone is what the keyboard and a screen reader reach: a named button, its hint read with it.
        // Its file input is only the browser's means (a focusable input inside a button: axe nested-interactive).
        inputProps={{ "aria-label": t("input"), style: { display: "none" } }}
        role="button"
        aria-label={t("drop")}
        aria-describedby={hintId}
        data-testid="upload-area"
        idleIcon={<IconFileTypePdf size={36} color="var(--mantine-color-dimmed)" aria-hidden />}
        title={t("drop")}
        hint={t(multiple ? "hint" : "hint-one", { max: MAX_FILE_SIZE_MB })}
        hintId={hintId}
      />
      {items.length > 0 && (
        <Stack component="ul" gap="xs" aria-label={t("files")} m={0} p={0} style={{ listStyle: "none" }}>
          {items.map((item) => (
            <li key={item.key}>
              <ItemRow item={item} onRemove={() => setItems((current) => current.filter((i) => i.key !== item.key))} />
            </li>
          ))}
        </Stack>
      )}
      <Modal
        opened={failures.length > 0}
        onClose={() => setFailures([])}
        title={tAll("fileupload.failed-title")}
        centered
      >
        <Stack gap="sm" data-testid="upload-error-dialog">
          {groupFailures(failures).map(({ error, names }) => (
            <Stack key={error} gap={2}>
              {failures.length > 1 && (
                <Text size="sm" fw={600}>
                  {names.join(", ")}
                </Text>
              )}
              <Text size="sm">{tAll(error, { max: MAX_FILE_SIZE_MB })}</Text>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button color="red" onClick={() => setFailures([])}>
              {t("accept")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
