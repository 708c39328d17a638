import { ErrorKey, normalizeTaxId } from "@coordina/domain";
import { AppError } from "../../../lib/app-error.js";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";
import { communityFor } from "../../communities/communities.service.js";
import type { ImportKindHandler, ImportScope, RowCheck, RowResult } from "../import-kind.js";
import { distinct, firstRowByKey, message } from "./community-kinds.js";
import { communityCif, linkProviders, providersByCif, providersById } from "./community-kinds.repository.js";
import { taxIdProblem } from "./row-checks.js";

/** A provider to link to the import's community. */
export interface CommunityProviderPlan {
  providerId: number;
}

function communityOf(scope: ImportScope): number {
  if (scope.communityId === null) throw new Error("a community-providers import has its community");
  return scope.communityId;
}

const providerNotFound = (cif: string) => message(ErrorKey.pairProviderNotFound, { cif_provider: cif });
const providerNotInColegio = (cif: string) => message(ErrorKey.importRowProviderNotInColegio, { cif_provider: cif });

/**
 * The providers of one community the administrator manages, by tax id (spec 02 §2 'Providers of a
 * community', §3: cif; importer type 20), linked as 'Añadir Proveedor' links one (addProviderByCif): only
 * a provider registered on the platform and working in the community's colegio; one already there is
 * reported as there ('El proveedor con nif … ya está asociado a la finca …').
 */
export const communityProvidersImport: ImportKindHandler<CommunityProviderPlan> = {
  kind: "community-providers",

  async scopeFor(db, actor, query) {
    if (query.id_finca === undefined) throw new AppError(400, ErrorKey.invalidInput);
    const community = await communityFor(db, actor, query.id_finca, "manage");
    return {
      companyId: actor.companyId,
      colegioId: community.colegioId,
      communityId: community.id,
      userId: actor.userId,
    };
  },

  async validate(db, scope, rows) {
    communityOf(scope);
    const problemOf = (row: SheetRow) =>
      (row.values.cif ?? "") === "" ? message(ErrorKey.importRowNoCif) : taxIdProblem(row, "cif");
    // The tax id of a row whose cell is fine (undefined otherwise, or when it normalizes to nothing).
    const cifNorm = (row: SheetRow) => (problemOf(row) ? undefined : normalizeTaxId(row.values.cif ?? "") || undefined);
    const first = firstRowByKey(rows, cifNorm);
    const providers = new Map(
      (await providersByCif(db, scope.colegioId, distinct(rows.map(cifNorm)))).map((p) => [p.cif_norm, p]),
    );
    return rows.map((row): RowCheck<CommunityProviderPlan> => {
      const cif = row.values.cif ?? "";
      const problem = problemOf(row);
      if (problem) return { row: row.row, error: problem };
      const norm = cifNorm(row);
      const firstRow = norm === undefined ? row.row : first.get(norm)!;
      if (firstRow !== row.row)
        return { row: row.row, error: message(ErrorKey.importRowDuplicate, { cif, first: String(firstRow) }) };
      const provider = norm === undefined ? undefined : providers.get(norm);
      if (!provider || provider.erased) return { row: row.row, error: providerNotFound(cif) };
      if (!provider.member) return { row: row.row, error: providerNotInColegio(cif) };
      return { row: row.row, plan: { providerId: provider.id } };
    });
  },

  async apply(tx, _ctx, scope, batch) {
    const communityId = communityOf(scope);
    const community = await communityCif(tx, communityId);
    const providers = new Map(
      (await providersById(tx, scope.colegioId, distinct(batch.map((b) => b.plan.providerId)))).map((p) => [p.id, p]),
    );
    const fit = (providerId: number) => {
      const p = providers.get(providerId);
      return p !== undefined && !p.erased && p.member;
    };
    const linked = new Set(
      (
        await linkProviders(
          tx,
          distinct(batch.map((b) => (fit(b.plan.providerId) ? b.plan.providerId : undefined))).map((providerId) => ({
            communityId,
            providerId,
          })),
        )
      ).map((l) => l.provider_company_id),
    );
    return batch.map(({ values, plan }): RowResult => {
      const cif = values.cif ?? "";
      const provider = providers.get(plan.providerId);
      if (!provider || provider.erased) return { outcome: "failed", message: providerNotFound(cif) };
      if (!provider.member) return { outcome: "failed", message: providerNotInColegio(cif) };
      // Deleted since the import started: nothing links to it.
      if (!community || community.erased) return { outcome: "failed", message: message(ErrorKey.importRowFailed) };
      if (linked.delete(plan.providerId)) return { outcome: "linked", message: message(ErrorKey.importRowLinked) };
      return {
        outcome: "already",
        message: message(ErrorKey.pairExists, { cif_provider: cif, cif_finca: community.cif }),
      };
    });
  },
};
