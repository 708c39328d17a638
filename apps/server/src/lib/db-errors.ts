/** The PostgreSQL error behind a query failure (Drizzle wraps driver errors in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return current as { code?: string; constraint?: string; message?: string };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * True when `err` is a unique violation (23505), optionally of the named constraint. This is how two
 * simultaneous requests for the same e-mail or tax id end: one row, and a clear error for the loser.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = pgError(err);
  if (found?.code !== "23505") return false;
  if (!constraint) return true;
  return found.constraint === constraint || (found.message ?? "").includes(constraint);
}

/** True when `err` is a foreign-key violation (23503): the row is still referred to from elsewhere. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === "23503";
}
