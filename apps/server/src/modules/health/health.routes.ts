import { APP_VERSION } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({
  result: z.literal(true),
  data: z.object({ status: z.literal("ok"), version: z.string(), database: z.string().optional() }),
});

/** Liveness is free; `?deep=1` also asks the database (readiness). */
export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (app, { databaseKind }) => {
  app.get(
    "/health",
    {
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
    async (request) => {
      if (request.query.deep === "1") {
        await app.db.execute(sql`select 1`);
        return { result: true as const, data: { status: "ok" as const, version: APP_VERSION, database: databaseKind } };
      }
      return { result: true as const, data: { status: "ok" as const, version: APP_VERSION } };
    },
  );
};
