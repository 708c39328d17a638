import { type SyntheticEvent, useState } from "react";
import { showError } from "../app/errorDialog";

/**
 * A form that checks its fields and then sends, for the public pages (they run before the app's query
 * cache): `check` answers each wrong field's message, and nothing is sent while one has one or while a
 * send is running. A failure goes to `onFailed`, the error dialog by default.
 */
export function useFormSend<F extends string>(
  check: () => Partial<Record<F, string>>,
  send: () => Promise<void>,
  onFailed: (error: unknown) => void = showError,
) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [sending, setSending] = useState(false);
  return {
    errors,
    sending,
    async onSubmit(event?: SyntheticEvent) {
      event?.preventDefault();
      if (sending) return;
      const next = check();
      setErrors(next);
      if (Object.values(next).some(Boolean)) return;
      setSending(true);
      try {
        await send();
      } catch (error) {
        onFailed(error);
      } finally {
        setSending(false);
      }
    },
  };
}
