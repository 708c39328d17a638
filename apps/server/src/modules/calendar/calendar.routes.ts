import {
  calendarAddResponseSchema,
  calendarAddSchema,
  calendarMonthRequestSchema,
  calendarMonthResponseSchema,
  coincidencesResponseSchema,
  errorResponses,
  idParamsSchema,
  okResultSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { addEntry, calendarMonth, deleteEntry, entryCoincidences } from "./calendar.service.js";

const errors = errorResponses(400, 401, 403, 404);
const { administrador, colegio, gremio } = Role;

/** The community calendar: providers' visits, the month, and what a visit coincides with (spec 02 §7 Calendar). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/calendar-fincas/add",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "El proveedor añade una visita a una comunidad que atiende; responde sus coincidencias",
        body: calendarAddSchema,
        response: { 200: calendarAddResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await addEntry(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/companies/calendar-fincas/provider",
    {
      config: { roles: [gremio, administrador, colegio] },
      schema: {
        tags: ["calendar"],
        summary: "El mes de una comunidad: visitas, programaciones semanales y servicios 24 horas",
        body: calendarMonthRequestSchema,
        response: { 200: calendarMonthResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await calendarMonth(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/companies/calendar-fincas/delete/:id",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "El proveedor borra una de sus visitas (se conserva marcada como borrada)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await deleteEntry(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  app.post(
    "/companies/calendar-fincas/coincidences/:id",
    {
      config: { roles: [gremio, administrador, colegio] },
      schema: {
        tags: ["calendar"],
        summary: "Las coincidencias de una visita con otros proveedores, con su aviso si lo hay",
        params: idParamsSchema,
        response: { 200: coincidencesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      calendar: await entryCoincidences(app.db, actorOf(request), request.params.id),
    }),
  );
};
