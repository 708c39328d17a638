import { ErrorKey } from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../db/client.js";
import { AppError } from "./app-error.js";

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Adds one hit to `key` in a fixed window and returns the hits in the window. The count lives in SQL
 * (`auth_throttle`, keys prefixed by purpose) so every instance shares it. With `lock`, the key is also
 * locked once the window holds `lock.after` hits: for `lock.seconds` at first, then twice as long at
 * every further hit, up to `lock.maxSeconds`; while it is locked a hit is not counted and the answer is
 * null. The check and the count are one statement, so simultaneous hits meet the limit as a sequence would.
 */
export async function countHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  lock?: { after: number; seconds: number; maxSeconds?: number },
): Promise<number | null> {
  const expired = sql`auth_throttle.window_start < now() - make_interval(secs => ${windowSeconds})`;
  const next = sql`case when ${expired} then 1 else auth_throttle.failures + 1 end`;
  const lockUntil = (hits: SQL) =>
    lock
      ? sql`now() + make_interval(secs => least(${lock.maxSeconds ?? lock.seconds}::float8,
              ${lock.seconds}::float8 * power(2::float8, (${hits}) - ${lock.after})))`
      : sql`null`;
  const firstLock = lock ? sql`case when 1 >= ${lock.after} then ${lockUntil(sql`1`)} else null end` : sql`null`;
  const nextLock = lock
    ? sql`case when ${next} >= ${lock.after} then ${lockUntil(next)} else auth_throttle.locked_until end`
    : sql`auth_throttle.locked_until`;
  const unlocked = lock ? sql`where auth_throttle.locked_until is null or auth_throttle.locked_until <= now()` : sql``;
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`insert into auth_throttle (key, failures, window_start, locked_until) values (${key}, 1, now(), ${firstLock})
        on conflict (key) do update set
          failures = ${next},
          window_start = case when ${expired} then now() else auth_throttle.window_start end,
          locked_until = ${nextLock}
        ${unlocked}
        returning failures`,
  );
  return row ? Number(row.failures) : null;
}

/** Counts one request against `key`; answers 429 once `limit.max` is exceeded in the window. */
export async function consumeRate(db: DbOrTx, key: string, limit: RateLimit): Promise<void> {
  const hits = (await countHit(db, key, limit.windowSeconds)) ?? 0;
  if (hits > limit.max) throw new AppError(429, ErrorKey.tooManyRequests);
}
