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

/**
 * Text that PostgreSQL refuses to store (SQLSTATE 22021 invalid byte sequence, NUL in text; 22P05 NUL in
 * jsonb; 22001 too long for its column): input the schemas let through, so the caller's 400. Any other
 * data exception (not a number, out of range, division by zero…) comes from the server's own values and
 * stays an unexpected 500, logged as such, so that a bug is never passed off as bad input.
 */
const REFUSED_TEXT = new Set(["22021", "22P05", "22001"]);

export function dataExceptionCode(err: unknown): string | undefined {
  const code = pgError(err)?.code;
  return code !== undefined && REFUSED_TEXT.has(code) ? code : undefined;
}

/** Socket errors of a connection that died or could not be made. */
const SOCKET_ERRORS = new Set([
  "ECONNRESET",
  "EPIPE",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "ECONNABORTED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs with which the server ends or refuses a connection: class 08 (connection exception), 57P01
 * admin shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up, shutting down, in recovery), 57P05 idle session timeout, 25P03 idle-in-transaction
 * timeout, and 53300 too many connections (refused at connect time: the statement never ran).
 */
function isConnectionSqlState(code: string): boolean {
  return (
    code.startsWith("08") ||
    code === "57P01" ||
    code === "57P02" ||
    code === "57P03" ||
    code === "57P05" ||
    code === "25P03" ||
    code === "53300"
  );
}

/** node-postgres's own messages for a connection that died, was closed or could not be had. */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool)/;

function isConnectionFailureItself(candidate: { code?: unknown; message?: unknown; errors?: unknown }): boolean {
  const code = candidate.code;
  if (typeof code === "string") {
    if (SOCKET_ERRORS.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return isConnectionSqlState(code);
  }
  if (typeof candidate.message === "string" && DRIVER_MESSAGES.test(candidate.message)) return true;
  // Connecting to a name with several addresses fails with an AggregateError of one error per address.
  return Array.isArray(candidate.errors) && candidate.errors.some((e) => e && isConnectionFailureItself(e));
}

/**
 * True when `err` (or what it wraps through `cause`) says the database connection failed rather than the
 * statement: it was cut (pg_terminate_backend, a restart, the network), refused, or could not be made.
 * Whether the statement ran is then unknown to the caller. Only ever asked on a failure.
 */
export function isConnectionFailure(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if (isConnectionFailureItself(current as { code?: unknown; message?: unknown; errors?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What to log of a database failure: its code (SQLSTATE or socket error) and the driver's or server's
 * message, never the statement or its parameters (Drizzle puts both in its wrapper's message).
 */
export function dbFailureSummary(err: unknown): { code?: string; message?: string } {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" || !candidate.cause) {
      return {
        ...(typeof candidate.code === "string" ? { code: candidate.code } : {}),
        ...(typeof candidate.message === "string" ? { message: candidate.message } : {}),
      };
    }
    current = candidate.cause;
  }
  return {};
}

/** The frames of a stack trace, without its first lines (the error's message, which may quote values). */
function framesOf(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const at = stack.search(/\n\s+at /);
  return at < 0 ? undefined : stack.slice(at + 1);
}

/**
 * The log fields of an unexpected error. A database failure (a DrizzleQueryError, or anything wrapping a
 * PostgreSQL error) is logged as `db`: its class, SQLSTATE, constraint, the server's message, statement and
 * stack frames, never Drizzle's message nor the parameters, which hold the request's personal data
 * (Drizzle's message carries them; so do the data exceptions' own messages, class 22, which are left out).
 * Any other error as `err`, as it is.
 */
export function errorLogFields(err: unknown): { err: unknown } | { db: Record<string, string> } {
  const found = pgError(err) as
    | { code?: string; constraint?: unknown; table?: unknown; column?: unknown; routine?: unknown; message?: string }
    | undefined;
  const { query, params } = (err ?? {}) as { query?: unknown; params?: unknown };
  const queryError = typeof query === "string" && params !== undefined;
  if (!found && !queryError) return { err };
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const summary = {
    type: err instanceof Error ? err.constructor.name : typeof err,
    code: found?.code,
    constraint: text(found?.constraint),
    table: text(found?.table),
    column: text(found?.column),
    routine: text(found?.routine),
    message: found?.code?.startsWith("22") ? undefined : text(found?.message),
    query: queryError ? query : undefined,
    stack: framesOf(err instanceof Error ? err.stack : undefined),
  };
  return {
    db: Object.fromEntries(
      Object.entries(summary).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  };
}
