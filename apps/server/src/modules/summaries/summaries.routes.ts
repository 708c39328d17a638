import { errorResponses, SUMMARY_COLUMNS } from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import { SUMMARY_ROLES } from "./summaries.policy.js";
import { SUMMARY_NAMES, summaryCsv } from "./summaries.service.js";

/** 'Resumen' on the colegio's lists: the communities summary and the providers summary, as CSV. */
export const summariesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of SUMMARY_NAMES) {
    app.get(
      `/companies/summaries/${name}`,
      {
        config: { roles: SUMMARY_ROLES },
        schema: {
          tags: ["summaries"],
          summary: `Resumen CSV (UTF-8 con BOM, separado por ';'): ${SUMMARY_COLUMNS[name].join(", ")}`,
          produces: ["text/csv"],
          response: { 200: z.string(), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const { file, csv } = await summaryCsv(app.db, actorOf(request), name);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${file}"`)
          .header("cache-control", "no-store")
          .send(csv);
      },
    );
  }
};
