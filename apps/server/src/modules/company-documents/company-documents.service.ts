import {
  type CompanyDocumentsPage,
  type companyDocumentsRequestSchema,
  type DocumentSummary,
  type DocumentSummaryRow,
  ErrorKey,
  partyOfRole,
  todayInSpain,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden } from "../../lib/app-error.js";
import { providerInNoColegio } from "../inclusion/no-colegio.js";
import { companyDocumentsPolicy } from "./company-documents.policy.js";
import { companyDocumentFacets, companyDuties, pageCompanyDocuments } from "./company-documents.repository.js";

/**
 * The colegio the caller's own company is read in: the chosen one (400 without), or none at all for a
 * provider that belongs to no colegio yet (it has nothing to list, issue 21).
 */
async function ownColegio(db: Db, actor: Actor): Promise<number | null> {
  requireAccess(companyDocumentsPolicy, actor, "listOwn", undefined);
  if (await providerInNoColegio(db, actor)) return null;
  if (actor.colegioId === null) throw new AppError(400, ErrorKey.colegioRequired);
  return actor.colegioId;
}

/**
 * companies/documents ('Documentos subidos'): a page of the documents the caller's company uploaded in the
 * chosen colegio, searched and filtered.
 */
export async function listCompanyDocuments(
  db: Db,
  actor: Actor,
  q: z.output<typeof companyDocumentsRequestSchema>,
): Promise<Omit<CompanyDocumentsPage, "result">> {
  const colegioId = await ownColegio(db, actor);
  if (colegioId === null)
    return { data: [], count: 0, pagination: { count: 0, page: q.page, limit: q.limit }, fincas: [], definitions: [] };
  const [page, facets] = await Promise.all([
    pageCompanyDocuments(db, colegioId, actor.companyId, q, todayInSpain()),
    companyDocumentFacets(db, colegioId, actor.companyId),
  ]);
  return { ...page, ...facets };
}

/**
 * companies/documents/summary ('Resumen de documentos'): the caller's company's upload duties in the
 * chosen colegio (docs/compliance.md rules 1 and 8; an administrator's over the communities it
 * administers), each once, grouped by definition, and how many are in each state.
 */
export async function documentSummary(db: Db, actor: Actor): Promise<DocumentSummary> {
  const colegioId = await ownColegio(db, actor);
  const counts = { valid: 0, soon: 0, expired: 0, incomplete: 0, missing: 0 };
  if (colegioId === null) return { counts, data: [] };
  const party = partyOfRole(actor.role);
  if (!party) throw forbidden();
  const duties = await companyDuties(db, colegioId, actor.companyId, party, todayInSpain());
  const data: DocumentSummaryRow[] = [];
  for (const d of duties) {
    counts[d.state] += 1;
    let row = data.at(-1);
    if (row?.definition_id !== d.definition_id) {
      row = {
        definition_id: d.definition_id,
        definition_name: d.definition_name,
        group: d.definition_group,
        assocfinca: d.bound,
        duties: [],
      };
      data.push(row);
    }
    row.duties.push({ finca_id: d.finca_id, finca_name: d.finca_name, state: d.state, obsolete: d.obsolete });
  }
  return { counts, data };
}
