/** The work running for each owner (a database), by key. */
const running = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `work` for `key` unless it is already running for the same owner, in which case the caller shares
 * that run's result (or failure): twenty readers arriving together after a change compute it once.
 */
export function singleFlight<T>(owner: object, key: string, work: () => Promise<T>): Promise<T> {
  let mine = running.get(owner);
  if (!mine) {
    mine = new Map();
    running.set(owner, mine);
  }
  const current = mine.get(key);
  if (current) return current as Promise<T>;
  const runs = mine;
  const started = work().finally(() => runs.delete(key));
  runs.set(key, started);
  return started;
}
