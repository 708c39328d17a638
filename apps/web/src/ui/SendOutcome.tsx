import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";

/**
 * The end of a send form (spec 01 §4: sent ok → 'Terminar', sent failed → 'Reintentar'): a green box, or
 * a red one with its title and the reason, and the one button that leaves it.
 */
export function SendOutcome(
  props:
    | { ok: true; text: string; buttonLabel: string; onButton: () => void; testId: string }
    | { ok: false; title: string; text: string; buttonLabel: string; onButton: () => void; testId: string },
) {
  return (
    <Stack>
      {props.ok ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid={props.testId}>
          {props.text}
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={props.title} data-testid={props.testId}>
          {props.text}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={props.onButton}>{props.buttonLabel}</Button>
      </Group>
    </Stack>
  );
}
