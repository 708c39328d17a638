import { type SQL, sql } from "drizzle-orm";

/**
 * Whose communities a summary covers (the doormen summary, the administrator's compliance overview): an
 * administrator's live ones in the chosen colegio (null: in every colegio it works in, as its communities
 * list), or all the live ones of a colegio.
 */
export type SummaryScope = { colegioId: number } | { adminCompanyId: number; colegioId: number | null };

/** The communities of the scope, as a condition on the community row `sf`. */
export function inScope(scope: SummaryScope): SQL {
  if (!("adminCompanyId" in scope)) return sql`sf.colegio_id = ${scope.colegioId} and sf.erased = false`;
  const colegio =
    scope.colegioId === null
      ? sql`sf.colegio_id in (select m.colegio_id from colegio_members m
                              where m.company_id = ${scope.adminCompanyId} and m.erased = false)`
      : sql`sf.colegio_id = ${scope.colegioId}`;
  return sql`sf.admin_company_id = ${scope.adminCompanyId} and sf.erased = false and ${colegio}`;
}
