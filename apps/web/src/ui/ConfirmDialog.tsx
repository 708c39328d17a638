import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";

interface ConfirmDialogProps<T> {
  /** what the question is about; the dialog is open while it is not null */
  subject: T | null;
  title: string;
  text: (subject: T) => string;
  cancelLabel: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (subject: T) => void;
}

/** A question before a destructive action (deactivate, delete): cancel, or confirm in red. */
export function ConfirmDialog<T>({
  subject,
  title,
  text,
  cancelLabel,
  confirmLabel,
  onClose,
  onConfirm,
}: ConfirmDialogProps<T>) {
  // The subject stays named while the dialog fades out.
  const [shown, setShown] = useState<T | null>(subject);
  useEffect(() => {
    if (subject !== null) setShown(subject);
  }, [subject]);
  return (
    <Modal opened={subject !== null} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{shown !== null ? text(shown) : ""}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              onClose();
              if (subject !== null) onConfirm(subject);
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
