import { Button, Group, Modal, type ModalProps } from "@mantine/core";

/**
 * A modal holding a form: while the form is being sent it stays open (close button, Escape, click outside);
 * closed, `reset` empties the form for the next time.
 */
export function FormModal({ busy, reset, onClose, ...props }: ModalProps & { busy: boolean; reset?: () => void }) {
  return (
    <Modal
      {...props}
      onClose={() => {
        if (busy) return;
        reset?.();
        onClose();
      }}
      closeOnClickOutside={!busy}
    />
  );
}

/** The buttons under a form: an optional 'Cancelar' and the submit button, which spins while sending. */
export function FormActions({
  busy,
  submitLabel,
  submitDisabled,
  cancel,
}: {
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  cancel?: { label: string; onClick: () => void };
}) {
  return (
    <Group justify="flex-end">
      {cancel && (
        <Button variant="default" onClick={cancel.onClick} disabled={busy}>
          {cancel.label}
        </Button>
      )}
      <Button type="submit" loading={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
