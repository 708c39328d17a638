import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { healthReport } from "./health.service.js";

const healthSchema = z.object({
  result: z.literal(true),
  data: z.object({
    status: z.literal("ok"),
    version: z.string(),
    database: z.string().optional(),
    figures: z.string().nullable().optional(),
  }),
});

/** Liveness is free; `?deep=1` also asks the database (readiness) and says which day's figures are warm. */
export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string; figuresDay: () => string | null }> = async (
  app,
  { databaseKind, figuresDay },
) => {
  app.get(
    "/health",
    {
      config: { public: true },
      logLevel: "warn",
      // The answer is built here, not from input: no need to validate it on the way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ["health"],
        summary: "Estado del servicio",
        querystring: z.object({ deep: z.enum(["0", "1"]).optional() }),
        response: { 200: healthSchema },
      },
    },
    async (request) => ({
      result: true as const,
      data: await healthReport(app.db, databaseKind, request.query.deep === "1", figuresDay),
    }),
  );
};
