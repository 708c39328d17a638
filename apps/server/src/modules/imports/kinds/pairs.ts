import { ErrorKey, normalizeTaxId } from "@coordina/domain";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";
import type { ImportKindHandler, RowCheck, RowResult } from "../import-kind.js";
import { communitiesImport } from "./communities.js";
import { distinct, firstRowByKey, message } from "./community-kinds.js";
import {
  adminCommunitiesByCif,
  adminCommunitiesById,
  linkProviders,
  providersByCif,
  providersById,
} from "./community-kinds.repository.js";
import { taxIdProblem } from "./row-checks.js";

/** A provider to link to one of the administrator's communities. */
export interface PairPlan {
  communityId: number;
  providerId: number;
}

const cellsOf = (values: Record<string, string>) => {
  const fincaCif = values.cif_finca ?? "";
  const providerCif = values.cif_provider ?? "";
  return { fincaCif, providerCif, fincaNorm: normalizeTaxId(fincaCif), providerNorm: normalizeTaxId(providerCif) };
};

/** What is wrong with a row's cells: a tax id missing, or one that is not a tax id. */
function cellsProblem(row: SheetRow) {
  const c = cellsOf(row.values);
  if (c.fincaCif === "" || c.providerCif === "") return message(ErrorKey.importRowNoCif);
  return taxIdProblem(row, "cif_finca") ?? taxIdProblem(row, "cif_provider");
}

/** The pair's key in the file: both tax ids normalized (undefined when the row's cells are wrong). */
function pairKey(row: SheetRow) {
  const c = cellsOf(row.values);
  return cellsProblem(row) ? undefined : `${c.fincaNorm}\u0000${c.providerNorm}`;
}

const fincaNotFound = (cif: string) => message(ErrorKey.pairFincaNotFound, { cif_finca: cif });
const providerNotFound = (cif: string) => message(ErrorKey.pairProviderNotFound, { cif_provider: cif });
const providerNotInColegio = (cif: string) => message(ErrorKey.importRowProviderNotInColegio, { cif_provider: cif });

/**
 * Community–provider pairs by their tax ids (spec 02 §2, §3: cif_finca, cif_provider; importer type
 * 1000), as addPair links one: the community must be a live one of the calling administrator in its
 * chosen colegio, the provider registered and working in that colegio. A pair already linked is reported
 * as there ('El proveedor con nif … ya está asociado a la finca …').
 */
export const pairsImport: ImportKindHandler<PairPlan> = {
  kind: "pairs",

  // The same caller and colegio as the communities import: an administrator in its chosen colegio.
  scopeFor: communitiesImport.scopeFor,

  async validate(db, scope, rows) {
    const owner = { colegioId: scope.colegioId, adminCompanyId: scope.companyId };
    const cells = rows.map((r) => cellsOf(r.values));
    const first = firstRowByKey(rows, pairKey);
    const nonEmpty = (v: string) => v || undefined;
    const communities = new Map(
      (await adminCommunitiesByCif(db, owner, distinct(cells.map((c) => nonEmpty(c.fincaNorm))))).map((f) => [
        f.cif_norm,
        f.id,
      ]),
    );
    const providers = new Map(
      (await providersByCif(db, scope.colegioId, distinct(cells.map((c) => nonEmpty(c.providerNorm))))).map((p) => [
        p.cif_norm,
        p,
      ]),
    );
    return rows.map((row, i): RowCheck<PairPlan> => {
      const c = cells[i]!;
      const error = (m: ReturnType<typeof message>) => ({ row: row.row, error: m });
      const problem = cellsProblem(row);
      if (problem) return error(problem);
      const firstRow = first.get(pairKey(row)!)!;
      if (firstRow !== row.row)
        return error(
          message(ErrorKey.importRowDuplicate, { cif: `${c.fincaCif} / ${c.providerCif}`, first: String(firstRow) }),
        );
      const communityId = c.fincaNorm === "" ? undefined : communities.get(c.fincaNorm);
      if (communityId === undefined) return error(fincaNotFound(c.fincaCif));
      const provider = c.providerNorm === "" ? undefined : providers.get(c.providerNorm);
      if (!provider || provider.erased) return error(providerNotFound(c.providerCif));
      if (!provider.member) return error(providerNotInColegio(c.providerCif));
      return { row: row.row, plan: { communityId, providerId: provider.id } };
    });
  },

  async apply(tx, _ctx, scope, batch) {
    const owner = { colegioId: scope.colegioId, adminCompanyId: scope.companyId };
    const live = new Set(await adminCommunitiesById(tx, owner, distinct(batch.map((b) => b.plan.communityId))));
    const providers = new Map(
      (await providersById(tx, scope.colegioId, distinct(batch.map((b) => b.plan.providerId)))).map((p) => [p.id, p]),
    );
    const fit = ({ communityId, providerId }: PairPlan) => {
      const p = providers.get(providerId);
      return live.has(communityId) && p !== undefined && !p.erased && p.member;
    };
    const keyOf = (communityId: number, providerId: number) => `${communityId}:${providerId}`;
    const wanted = new Map(
      batch.filter((b) => fit(b.plan)).map((b) => [keyOf(b.plan.communityId, b.plan.providerId), b.plan]),
    );
    const linked = new Set(
      (await linkProviders(tx, [...wanted.values()])).map((l) => keyOf(l.community_id, l.provider_company_id)),
    );
    return batch.map(({ values, plan }): RowResult => {
      const c = cellsOf(values);
      if (!live.has(plan.communityId)) return { outcome: "failed", message: fincaNotFound(c.fincaCif) };
      const provider = providers.get(plan.providerId);
      if (!provider || provider.erased) return { outcome: "failed", message: providerNotFound(c.providerCif) };
      if (!provider.member) return { outcome: "failed", message: providerNotInColegio(c.providerCif) };
      if (linked.delete(keyOf(plan.communityId, plan.providerId)))
        return { outcome: "linked", message: message(ErrorKey.importRowLinked) };
      return {
        outcome: "already",
        message: message(ErrorKey.pairExists, { cif_provider: c.providerCif, cif_finca: c.fincaCif }),
      };
    });
  },
};
