import {
  errorResponses,
  idParamsSchema,
  okResultSchema,
  Role,
  scheduleAddResponseSchema,
  scheduleAddSchema,
  scheduleListResponseSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { addSchedule, deleteSchedule, listSchedules } from "./schedules.service.js";

const errors = errorResponses(400, 401, 403, 404);
const { gremio } = Role;

/** A provider's weekly schedules (spec 02 §7 'Schedules'). */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/CalendarSchedules/list",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "La programación semanal del proveedor: sus franjas vigentes (no borradas)",
        response: { 200: scheduleListResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await listSchedules(app.db, actorOf(request)) }),
  );

  app.post(
    "/companies/CalendarSchedules/add",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary:
          "Añade una franja a la programación semanal del proveedor (días 1 lunes … 7 domingo; fin antes del inicio: pasa de medianoche)",
        body: scheduleAddSchema,
        response: { 200: scheduleAddResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await addSchedule(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/companies/CalendarSchedules/delete/:id",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Borra una franja de la programación semanal del proveedor (cuerpo vacío)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await deleteSchedule(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );
};
