import { useLocation } from "react-router";

/** The list address a row's link carried (`state.back`), so 'Volver' returns to the same page of it. */
export function useBackTo(fallback: string): string {
  const location = useLocation();
  const back = (location.state as { back?: unknown } | null)?.back;
  return typeof back === "string" && back.startsWith(fallback) ? back : fallback;
}
