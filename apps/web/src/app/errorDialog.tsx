import { lazy, Suspense, useSyncExternalStore } from "react";
import { ApiError } from "./api";
import { translateError } from "./i18n";

/**
 * Errors are shown in one dialog titled 'Error' (spec 01 §8), from anywhere in the app. The dialog's
 * code loads on the first error, keeping it out of the login page's first load.
 */
let message: string | null = null;
const listeners = new Set<() => void>();
function set(next: string | null) {
  message = next;
  for (const l of listeners) l();
}

/** A server answer shows its own translated text, with the values it names; anything thrown shows the generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && !error.unexpected) return translateError(error.key, error.params);
  return translateError(undefined);
}

export function showError(error: unknown) {
  set(errorText(error));
}

/** The dialog with a text of the screen's own (e.g. a spec message for a load failure). */
export function showErrorMessage(text: string) {
  set(text);
}

const ErrorDialog = lazy(() => import("./ErrorDialogModal"));

export function ErrorDialogHost() {
  const text = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => message,
  );
  if (text === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog text={text} onClose={() => set(null)} />
    </Suspense>
  );
}
