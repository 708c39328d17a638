import { colegioSchema, errorEnvelopeSchema } from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_ROLE, actorOf } from "../../plugins/auth.js";
import { listColegios } from "../auth/auth.service.js";

export const colegiosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/colegio/listcolegios",
    {
      config: { roles: ANY_ROLE, beforeLegal: true },
      schema: {
        tags: ["colegios"],
        summary: "Colegios a los que pertenece el usuario",
        response: {
          200: z.object({ result: z.literal(true), colegios: z.array(colegioSchema) }),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({ result: true as const, colegios: await listColegios(app.db, actorOf(request)) }),
  );
};
