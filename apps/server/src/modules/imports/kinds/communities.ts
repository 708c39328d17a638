import { ErrorKey, NAME_MAX_LENGTH, normalizeTaxId } from "@coordina/domain";
import { requireAccess } from "../../../lib/access.js";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";
import { communityPolicy } from "../../communities/communities.policy.js";
import { colegioScope } from "../../companies/companies.policy.js";
import type { ImportKindHandler, ImportScope, RowCheck, RowResult } from "../import-kind.js";
import { distinct, firstRowByKey, message } from "./community-kinds.js";
import { insertCommunities, liveCommunitiesByCif } from "./community-kinds.repository.js";
import { taxIdProblem, tooLong } from "./row-checks.js";

/** A community to create: the row's name and tax id as written, and its normalized tax id. */
export interface CommunityPlan {
  name: string;
  cif: string;
  cifNorm: string;
}

const cellsOf = (row: SheetRow) => {
  const cif = row.values.cif ?? "";
  return { name: row.values.name ?? "", cif, cifNorm: normalizeTaxId(cif) };
};

/**
 * What is wrong with a row's cells, as the add form (communityAddSchema) would refuse them: no tax id, no
 * name, a tax id that is not one (or nothing once normalized), a name or tax id too long.
 */
function cellsProblem(row: SheetRow) {
  const c = cellsOf(row);
  if (c.cif === "") return message(ErrorKey.importRowNoCif);
  if (c.name === "") return message(ErrorKey.importRowNoName);
  const cifProblem = taxIdProblem(row, "cif");
  if (cifProblem) return cifProblem;
  if (c.cifNorm === "") return message(ErrorKey.importRowCifInvalid, { cif: c.cif });
  return tooLong(row, "name", NAME_MAX_LENGTH);
}

const owner = (scope: ImportScope) => ({ colegioId: scope.colegioId, adminCompanyId: scope.companyId });

/**
 * Communities of the calling administrator in its chosen colegio (spec 02 §2, §3: name, cif; importer
 * type 30), created as the add form creates them (createCommunity). A tax id is unique among live
 * communities ('Ya existe otra finca con ese CIF'): one the caller already has in this colegio is reported
 * as there ('La finca ya existía'), so the same file imports twice without creating anything twice.
 */
export const communitiesImport: ImportKindHandler<CommunityPlan> = {
  kind: "communities",

  // A promise that rejects when refused, as every handler's (the runner awaits it).
  async scopeFor(_db, actor) {
    requireAccess(communityPolicy, actor, "create", undefined);
    return { companyId: actor.companyId, colegioId: colegioScope(actor), communityId: null, userId: actor.userId };
  },

  async validate(db, scope, rows) {
    const cells = rows.map(cellsOf);
    const problems = rows.map(cellsProblem);
    // Only the rows whose cells are fine: one is repeated by a later row, or held by a community.
    const cifOf = (i: number) => (problems[i] ? undefined : cells[i]!.cifNorm);
    const first = firstRowByKey(rows, (_row, i) => cifOf(i));
    const holders = new Map(
      (await liveCommunitiesByCif(db, distinct(rows.map((_row, i) => cifOf(i))))).map((h) => [h.cif_norm, h]),
    );
    return rows.map((row, i): RowCheck<CommunityPlan> => {
      const c = cells[i]!;
      const problem = problems[i];
      if (problem) return { row: row.row, error: problem };
      const firstRow = first.get(c.cifNorm)!;
      if (firstRow !== row.row)
        return { row: row.row, error: message(ErrorKey.importRowDuplicate, { cif: c.cif, first: String(firstRow) }) };
      const holder = holders.get(c.cifNorm);
      if (holder && (holder.admin_company_id !== scope.companyId || holder.colegio_id !== scope.colegioId))
        return { row: row.row, error: message(ErrorKey.importRowFincaCifTaken, { cif: c.cif }) };
      return { row: row.row, plan: c };
    });
  },

  async apply(tx, _ctx, scope, batch) {
    const created = new Map(
      (
        await insertCommunities(
          tx,
          owner(scope),
          batch.map((b) => b.plan),
        )
      ).map((r) => [r.cif_norm, r.id]),
    );
    // Those not created: a live community holds the tax id by now (read after the insert waited for it).
    const holders = new Map(
      (
        await liveCommunitiesByCif(
          tx,
          distinct(batch.map((b) => (created.has(b.plan.cifNorm) ? undefined : b.plan.cifNorm))),
        )
      ).map((h) => [h.cif_norm, h]),
    );
    const exists = (): RowResult => ({ outcome: "already", message: message(ErrorKey.importRowCommunityExists) });
    // A tax id twice in one batch (never after validation; kept safe): the second finds the first.
    const seen = new Set<string>();
    return batch.map(({ plan }): RowResult => {
      const again = seen.has(plan.cifNorm);
      seen.add(plan.cifNorm);
      if (created.has(plan.cifNorm))
        return again ? exists() : { outcome: "created", message: message(ErrorKey.importRowCommunityCreated) };
      const holder = holders.get(plan.cifNorm);
      if (!holder) return { outcome: "failed", message: message(ErrorKey.importRowFailed) };
      if (holder.admin_company_id === scope.companyId && holder.colegio_id === scope.colegioId) return exists();
      return { outcome: "failed", message: message(ErrorKey.importRowFincaCifTaken, { cif: plan.cif }) };
    });
  },
};
