import {
  adminDashboardSchema,
  colegioDashboardSchema,
  dashboardRequestSchema,
  errorResponses,
  okEnvelope,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { DASHBOARD_ROLES } from "./dashboard.policy.js";
import { administratorDashboard, colegioDashboard } from "./dashboard.service.js";

const errors = errorResponses(400, 401, 403);

/** The dashboards of `/dashboard` (issue 23 part 3): one call per role. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/dashboard/colegio",
    {
      config: { roles: DASHBOARD_ROLES.colegio },
      schema: {
        tags: ["dashboard"],
        summary:
          "Panel del colegio: proveedores y comunidades por semáforo, documentos que caducan en 30 días, " +
          "validaciones pendientes y los últimos 12 meses",
        body: dashboardRequestSchema,
        response: { 200: okEnvelope(colegioDashboardSchema), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await colegioDashboard(app.db, actorOf(request)) }),
  );

  app.post(
    "/companies/dashboard/administrador",
    {
      config: { roles: DASHBOARD_ROLES.administrador },
      schema: {
        tags: ["dashboard"],
        summary: "Panel del administrador: sus comunidades por semáforo y lo que caduca pronto en ellas",
        body: dashboardRequestSchema,
        response: { 200: okEnvelope(adminDashboardSchema), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await administratorDashboard(app.db, actorOf(request)) }),
  );
};
