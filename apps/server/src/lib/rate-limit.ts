import { ErrorKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.js";
import { AppError } from "./app-error.js";

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window, in SQL so every instance shares the count (the
 * `auth_throttle` table, keys prefixed by purpose). Answers 429 once `max` is exceeded in the window.
 */
export async function consumeRate(db: Db, key: string, limit: RateLimit): Promise<void> {
  const expired = sql`auth_throttle.window_start < now() - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`insert into auth_throttle (key, failures, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          failures = case when ${expired} then 1 else auth_throttle.failures + 1 end,
          window_start = case when ${expired} then now() else auth_throttle.window_start end
        returning failures`,
  );
  if (Number(row?.failures ?? 0) > limit.max) throw new AppError(429, ErrorKey.tooManyRequests);
}
