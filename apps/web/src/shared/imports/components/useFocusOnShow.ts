import { useEffect, useRef } from "react";

/**
 * A ref for an element that takes the focus when it shows (an alert given tabIndex -1), so that a screen
 * reader reads it and the keyboard goes on from there instead of from the page's body.
 */
export function useFocusOnShow<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
