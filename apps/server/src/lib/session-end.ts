/**
 * What other modules forget when a session ends (logout). The auth module announces the end; a module
 * that keeps per-session state in memory (the file links' cache) listens, so auth depends on nobody.
 */
type Listener = (sessionId: number) => void;
const listeners = new Set<Listener>();

export function onSessionEnd(listener: Listener): void {
  listeners.add(listener);
}

export function sessionEnded(sessionId: number): void {
  for (const listener of listeners) listener(sessionId);
}
