import type { Db } from "../../../db/client.js";
import type { Actor } from "../../../lib/actor.js";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";
import type { AccountsContext } from "../../accounts/context.js";
import { DEFAULT_ACCOUNT_LIMITS } from "../../accounts/context.js";
import { DEFAULT_MAIL_SETTINGS, Mailer } from "../../mail/mailer.js";
import type { ImportKindHandler, ImportScope, RowCheck, RowResult } from "../import-kind.js";

/*
 * The tests of the community import kinds run a kind's handler as the runner does (scopeFor, validate,
 * then apply inside one transaction), on a real database: what the runner adds (storing the run, batches,
 * progress) is the runner's tests' business.
 */

type App = { db: Db; log: ConstructorParameters<typeof Mailer>[1]; background: AccountsContext["background"] };

/** A signed-in caller, as the auth hook resolves one. */
export function actorFor(who: { userId: number; companyId: number; role: number }, colegioId: number | null): Actor {
  return {
    ...who,
    email: `usuario${who.userId}@coordina.test`,
    sessionId: 0,
    sessionCreated: new Date(),
    token: "",
    colegioId,
  };
}

/** A sheet's data rows as readImportSheet numbers them: the first under the header is row 2. */
export const sheetRows = (rows: Record<string, string>[]): SheetRow[] =>
  rows.map((values, i) => ({ row: i + 2, values }));

/** The errors of a validation, by row: what the results table shows before anything is written. */
export const errorsOf = <P>(checks: RowCheck<P>[]) =>
  checks.flatMap((c) => ("error" in c ? [{ row: c.row, ...c.error }] : []));

export function kindRunner(app: App) {
  const ctx: AccountsContext = {
    db: app.db,
    mailer: new Mailer(app.db, app.log, null, DEFAULT_MAIL_SETTINGS, "Coordina <no-responder@coordina.test>"),
    publicUrl: "http://localhost",
    limits: DEFAULT_ACCOUNT_LIMITS,
    background: app.background,
  };

  async function validate<P>(
    handler: ImportKindHandler<P>,
    actor: Actor,
    rows: Record<string, string>[],
    query: { id_finca?: number } = {},
  ) {
    const scope = await handler.scopeFor(app.db, actor, query);
    const sheet = sheetRows(rows);
    return { scope, sheet, checks: await handler.validate(app.db, scope, sheet) };
  }

  /** Applies validated rows in one transaction, as one batch; every row must have passed validation. */
  async function apply<P>(
    handler: ImportKindHandler<P>,
    scope: ImportScope,
    sheet: SheetRow[],
    checks: RowCheck<P>[],
  ): Promise<RowResult[]> {
    const errors = errorsOf(checks);
    if (errors.length > 0) throw new Error(`validation found errors: ${JSON.stringify(errors)}`);
    const batch = checks.map((c, i) => {
      if (!("plan" in c)) throw new Error("unreachable");
      return { row: c.row, values: sheet[i]!.values, plan: c.plan };
    });
    return app.db.transaction((tx) => handler.apply(tx, ctx, scope, batch));
  }

  /** Validates and imports the rows (scopeFor, validate, apply): the result of each row. */
  async function importRows<P>(
    handler: ImportKindHandler<P>,
    actor: Actor,
    rows: Record<string, string>[],
    query: { id_finca?: number } = {},
  ) {
    const { scope, sheet, checks } = await validate(handler, actor, rows, query);
    return apply(handler, scope, sheet, checks);
  }

  return { validate, apply, importRows };
}
