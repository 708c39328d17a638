import { errorResponses, Role, SUMMARY_COLUMNS, type SummaryName } from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { toCsv } from "../../lib/csv.js";
import { actorOf } from "../../plugins/auth.js";
import { summaryRows } from "./summaries.repository.js";

/** What each summary lists, and how a member company becomes a row of its columns (spec 01 §3). */
const SUMMARIES: Record<SummaryName, { type: number; file: string; row: (r: Record<string, unknown>) => unknown[] }> = {
  colegio_created: {
    type: Role.administrador,
    file: "resumen-administradores",
    row: (r) => [r.cif, r.name, r.owner_email, Number(r.owned_fincas)],
  },
  colegio_providers_summary: {
    type: Role.gremio,
    file: "resumen-proveedores",
    row: (r) => [r.cif, r.name, r.owner_email, r.phone],
  },
};

/** 'Resumen' on the colegio's lists: the communities summary and the providers summary, as CSV. */
export const summariesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of Object.keys(SUMMARIES) as SummaryName[]) {
    const summary = SUMMARIES[name];
    app.get(
      `/companies/summaries/${name}`,
      {
        config: { roles: [Role.colegio] },
        schema: {
          tags: ["summaries"],
          summary: `Resumen CSV (UTF-8 con BOM, separado por ';'): ${SUMMARY_COLUMNS[name].join(", ")}`,
          produces: ["text/csv"],
          response: { 200: z.string(), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        // The route admits the colegio's staff only (config.roles): their colegio is their own company.
        const rows = await summaryRows(app.db, actorOf(request).companyId, summary.type);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${summary.file}-${day}.csv"`)
          .header("cache-control", "no-store")
          .send(toCsv(SUMMARY_COLUMNS[name], rows.map(summary.row)));
      },
    );
  }
};
