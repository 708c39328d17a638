import type { UseMutationResult } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { errorText, showError } from "../app/errorDialog";

interface SubmitOptions<TData, TVariables> {
  /** checks the form first, its fields then showing their messages; false: nothing is sent */
  check?: () => boolean;
  /** what is sent, read when the form is sent */
  variables: () => TVariables;
  /** it went well: e.g. empty the form and close */
  onDone?: (data: TData, variables: TVariables) => void;
  /** where a failure shows: the error dialog (spec 01 §8), or the form itself through `failure` */
  failureIn?: "dialog" | "form";
  /** after a failure is shown, e.g. let the user out when the record is gone */
  onFailed?: (error: unknown) => void;
}

/**
 * A form's submit through an operation's mutation hook: nothing while it is being sent or while a field is
 * wrong; then the call, `onDone` on success, and on failure the server's reason in the error dialog or in
 * the form, which keeps what was typed.
 */
export function useSubmit<TData, TVariables>(
  mutation: UseMutationResult<TData, unknown, TVariables>,
  { check, variables, onDone, failureIn = "dialog", onFailed }: SubmitOptions<TData, TVariables>,
) {
  return {
    busy: mutation.isPending,
    /** the reason the last try failed, when the form shows it */
    failure: failureIn === "form" && mutation.isError ? errorText(mutation.error) : null,
    onSubmit(event?: FormEvent) {
      event?.preventDefault();
      const fine = check ? check() : true;
      if (mutation.isPending || !fine) return;
      mutation.mutate(variables(), {
        onSuccess: (data, sent) => onDone?.(data, sent),
        onError: (error) => {
          if (failureIn === "dialog") showError(error);
          onFailed?.(error);
        },
      });
    },
    /** back to before the first try (the failure goes); a form being sent keeps its outcome */
    reset() {
      if (!mutation.isPending) mutation.reset();
    },
  };
}
