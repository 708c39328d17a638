/**
 * Sessions recently let through, so that a burst of list reads (a screen's requests, twenty users on a list)
 * asks PostgreSQL who the caller is once instead of on every request: the session query was a seventh of
 * the server's CPU and of PostgreSQL's on a list request (docs/operations.md, 'Sessions and sign-in').
 *
 * Only a lookup that let the caller through is kept, so a kept answer can only be out of date in one
 * direction: access taken away (a logout, a deactivation, new conditions, a colegio left). Within this
 * process that cannot be seen: every request that may write (any route not marked `readOnly`) empties the
 * cache before its answer leaves, and so do each background task's commits and its end. A lookup that started
 * before such an emptying is not kept (`generation`), since it may have read the state before the write. A
 * write made elsewhere (another server on the same database, a script) is seen after `ttlMs` at most, and
 * an entry never outlives its session's expiry.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private current = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Changes at every emptying; a lookup notes it before it starts and hands it to `keep`. */
  get generation(): number {
    return this.current;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (!(entry.until > this.now())) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps what a lookup that started at `generation` found, until `expiresAt` at the latest. */
  keep(key: string, value: T, generation: number, expiresAt: Date) {
    if (generation !== this.current || this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    if (!Number.isFinite(until)) return;
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    // The oldest go first (a Map keeps insertion order).
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets everything, and every lookup still running: something may have changed who may do what. */
  empty() {
    this.current++;
    this.entries.clear();
  }
}
