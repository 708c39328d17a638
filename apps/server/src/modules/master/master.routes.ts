import {
  errorResponses,
  masterColegiosPageSchema,
  masterDashboardSchema,
  masterIndexSchema,
  masterInviteSchema,
  okEnvelope,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { MASTER_ROLES as roles } from "./master.policy.js";
import { dashboard, inviteColegio, listColegios } from "./master.service.js";

const errors = errorResponses(400, 401, 403, 409, 429);

/** The master's colegios (spec 01 §7: companies/master/*). */
export const masterRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  for (const path of ["/companies/master/", "/companies/master/index"]) {
    app.get(
      path,
      {
        config: { roles, readOnly: true },
        schema: {
          tags: ["master"],
          summary: "Colegios del master (paginado): id, CIF, nombre, gestor principal y bandera",
          querystring: masterIndexSchema,
          response: { 200: masterColegiosPageSchema, ...errors },
        },
      },
      async (request) => ({ result: true as const, ...(await listColegios(app.db, actorOf(request), request.query)) }),
    );
  }

  app.post(
    "/companies/master/invite",
    {
      config: { roles },
      schema: {
        tags: ["master"],
        summary: "Invita a un colegio: su gestor recibe el enlace; el colegio existe cuando lo acepta",
        body: masterInviteSchema,
        response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await inviteColegio(ctx, actorOf(request), request.body) }),
  );

  app.get(
    "/companies/master/dashboard",
    {
      config: { roles },
      schema: {
        tags: ["master"],
        summary: "Las 18 regiones con sus colegios activos",
        response: { 200: masterDashboardSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await dashboard(app.db, actorOf(request)) }),
  );
};
