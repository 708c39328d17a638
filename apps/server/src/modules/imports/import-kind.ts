import type { ImportKind, ImportMessage, ImportOutcome } from "@coordina/domain";
import type { Db, DbOrTx } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { SheetRow } from "../../lib/sheets/read-sheet.js";
import type { AccountsContext } from "../accounts/context.js";

/**
 * Where an import writes, fixed when it starts: the caller's colegio (administrators, providers), the
 * administrator company in its chosen colegio (communities, pairs), or one community it manages
 * (community-providers). Checked by the kind's `scopeFor` through the entity's policy.
 */
export interface ImportScope {
  /** the caller's company (the colegio, or the administrator company) */
  companyId: number;
  colegioId: number;
  /** community-providers: the community */
  communityId: number | null;
  /** the user who started the import (the invitations say who registered the company) */
  userId: number;
}

/** What validation says of one row: what to do with it, or why it cannot be imported. */
export type RowCheck<Plan> = { row: number; plan: Plan } | { row: number; error: ImportMessage };

/** What importing one row did. */
export interface RowResult {
  outcome: Exclude<ImportOutcome, "invalid">;
  message: ImportMessage;
}

/**
 * One kind of import. `validate` sees every row at once (a few set queries, no query per row) and
 * changes nothing; `apply` writes one batch of validated rows inside the runner's transaction and
 * answers one result per row, in order. `apply` re-reads what it depends on inside the transaction:
 * between validation and import, or between an interrupted run and the next, the data may have changed,
 * and a row already done reports `already`. When a batch throws, the runner rolls it back and applies
 * its rows one at a time, so one refused row fails alone ('Error al insertar el proveedor').
 */
export interface ImportKindHandler<Plan> {
  kind: ImportKind;
  /** the scope of an import the actor starts, once the policy allows it (AppError otherwise) */
  scopeFor(db: Db, actor: Actor, query: { id_finca?: number | undefined }): Promise<ImportScope>;
  validate(db: Db, scope: ImportScope, rows: readonly SheetRow[]): Promise<RowCheck<Plan>[]>;
  apply(
    tx: DbOrTx,
    ctx: AccountsContext,
    scope: ImportScope,
    batch: readonly { row: number; values: Record<string, string>; plan: Plan }[],
  ): Promise<RowResult[]>;
}
