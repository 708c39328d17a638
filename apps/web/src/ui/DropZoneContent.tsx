import { Box, Group, Stack, Text } from "@mantine/core";
import { IconUpload, IconX } from "@tabler/icons-react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { type Accept, type FileRejection, useDropzone } from "react-dropzone";
import classes from "./DropZone.module.css";

/** What a drop zone shows: the accept/reject/idle icon, what to do, and its size hint. */
export interface DropZoneContentProps {
  idleIcon: ReactNode;
  title: string;
  hint: string;
  hintId?: string;
}

/** While files are dragged over the zone: whether the drop zone would take them. */
type DragState = "idle" | "accept" | "reject";

function DropZoneContent({ state, idleIcon, title, hint, hintId }: DropZoneContentProps & { state: DragState }) {
  return (
    <Group justify="center" gap="md" mih={100} wrap="nowrap">
      {state === "accept" && <IconUpload size={36} color="var(--mantine-color-blue-6)" aria-hidden />}
      {state === "reject" && <IconX size={36} color="var(--mantine-color-red-6)" aria-hidden />}
      {state === "idle" && idleIcon}
      <Stack gap={2}>
        <Text size="md">{title}</Text>
        <Text size="xs" c="gray.7" id={hintId}>
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}

export interface DropZoneProps extends DropZoneContentProps {
  /** the types the browser's file chooser offers first (MIME type → extensions) */
  accept: Accept;
  multiple: boolean;
  disabled?: boolean;
  /** every file chosen, dropped or pasted, in order: the caller judges them, whatever `accept` says */
  onFiles: (files: File[]) => void;
  /** the hidden file input's attributes (its accessible name) */
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  /** the zone takes the focus when it shows */
  autoFocus?: boolean;
  /** the zone's own role and name, when it is the control a screen reader meets (not its input) */
  role?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "data-testid"?: string;
}

/**
 * A drop zone (react-dropzone): a dashed box that opens the file chooser on click, Enter or Space, and
 * takes files dragged onto it; while they are dragged over it, it turns blue (taken) or red (refused).
 */
export function DropZone({
  accept,
  multiple,
  disabled = false,
  onFiles,
  inputProps,
  autoFocus = false,
  idleIcon,
  title,
  hint,
  hintId,
  ...rootAttributes
}: DropZoneProps) {
  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject } = useDropzone({
    accept,
    multiple,
    disabled,
    autoFocus,
    onDrop: (accepted: File[], rejections: FileRejection[]) => onFiles([...accepted, ...rejections.map((r) => r.file)]),
  });
  const state: DragState = isDragActive && isDragAccept ? "accept" : isDragActive && isDragReject ? "reject" : "idle";
  return (
    <Box
      {...getRootProps({ ...rootAttributes, className: `${classes.root} mantine-focus-auto` })}
      mod={{ accept: state === "accept", reject: state === "reject", idle: state === "idle", disabled }}
    >
      <input {...getInputProps(inputProps)} />
      <div className={classes.inner}>
        <DropZoneContent state={state} idleIcon={idleIcon} title={title} hint={hint} hintId={hintId} />
      </div>
    </Box>
  );
}
