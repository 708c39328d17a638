import { Role, SUMMARY_COLUMNS, type SummaryName } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { toCsv } from "../../lib/csv.js";
import { summaryPolicy } from "./summaries.policy.js";
import { summaryRows } from "./summaries.repository.js";

type SummaryRow = Awaited<ReturnType<typeof summaryRows>>[number];

/** What each summary lists, and how a member company becomes a row of its columns (spec 01 §3). */
const SUMMARIES: Record<SummaryName, { type: number; file: string; row: (r: SummaryRow) => unknown[] }> = {
  colegio_created: {
    type: Role.administrador,
    file: "resumen-administradores",
    row: (r) => [r.cif, r.name, r.owner_email, r.owned_fincas],
  },
  colegio_providers_summary: {
    type: Role.gremio,
    file: "resumen-proveedores",
    row: (r) => [r.cif, r.name, r.owner_email, r.phone],
  },
};

export const SUMMARY_NAMES = Object.keys(SUMMARIES) as SummaryName[];

/** A summary of the colegio's member companies as CSV, and the name of its file (dated today). */
export async function summaryCsv(db: Db, actor: Actor, name: SummaryName) {
  requireAccess(summaryPolicy, actor, "read", undefined);
  const summary = SUMMARIES[name];
  // The colegio's staff: their colegio is their own company.
  const rows = await summaryRows(db, actor.companyId, summary.type);
  const day = new Date().toISOString().slice(0, 10);
  return { file: `${summary.file}-${day}.csv`, csv: toCsv(SUMMARY_COLUMNS[name], rows.map(summary.row)) };
}
