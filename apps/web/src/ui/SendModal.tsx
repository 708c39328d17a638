import { Button, Group, Stack } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorText } from "../app/errorDialog";
import { FormModal } from "./FormModal";
import { SendOutcome } from "./SendOutcome";

interface SendModalProps<TVariables> {
  opened: boolean;
  /** the modal closed: the caller empties its fields */
  onClose: () => void;
  title: string;
  /** the operation sent; its state is the form's: idle, sending, sent ok or sent failed */
  mutation: UseMutationResult<unknown, unknown, TVariables>;
  /** the fields are filled in well enough to send */
  ready: boolean;
  variables: () => TVariables;
  texts: { send: string; sent: string; finish: string; failed: string; retry: string };
  testIds: { sent: string; failed: string };
  /** the fields */
  children: ReactNode;
}

/**
 * A send form in a modal (spec 01 §4: idle → sending → sent ok ('Terminar', which closes) or sent failed
 * ('Reintentar', back to the form as it was, with the server's reason shown before)).
 */
export function SendModal<TVariables>({
  opened,
  onClose,
  title,
  mutation,
  ready,
  variables,
  texts,
  testIds,
  children,
}: SendModalProps<TVariables>) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} busy={mutation.isPending} title={title} size="lg">
      {mutation.isSuccess ? (
        <SendOutcome ok text={texts.sent} buttonLabel={texts.finish} onButton={close} testId={testIds.sent} />
      ) : mutation.isError ? (
        <SendOutcome
          ok={false}
          title={texts.failed}
          text={errorText(mutation.error)}
          buttonLabel={texts.retry}
          onButton={mutation.reset}
          testId={testIds.failed}
        />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready && mutation.isIdle) mutation.mutate(variables());
          }}
          noValidate
        >
          <Stack>
            {children}
            <Group justify="flex-end">
              <Button type="submit" disabled={!ready} loading={mutation.isPending}>
                {texts.send}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
