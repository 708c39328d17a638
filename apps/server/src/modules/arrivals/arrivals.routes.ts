import {
  arrivalAddedResponseSchema,
  arrivalAddSchema,
  arrivalProvidersRequestSchema,
  arrivalProvidersResponseSchema,
  arrivalsIndexSchema,
  arrivalsPageSchema,
  errorResponses,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { listArrivals, providersAtDoor, recordArrival } from "./arrivals.service.js";

const errors = errorResponses(400, 401, 403, 404);
const { administrador, colegio, gremio, portero } = Role;

/** The arrival check: who comes to work in a community today, and the arrivals its porter records. */
export const arrivalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/porteros/llegadas/proveedores",
    {
      config: { roles: [administrador, colegio, portero] },
      schema: {
        tags: ["arrivals"],
        summary: "¿Quién viene hoy?: los proveedores de la comunidad (por nombre o CIF), con lo que les falta",
        body: arrivalProvidersRequestSchema,
        response: { 200: arrivalProvidersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await providersAtDoor(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/llegadas/add",
    {
      config: { roles: [portero] },
      schema: {
        tags: ["arrivals"],
        summary: "El portero registra que un proveedor de la comunidad ha llegado, con su estado en ese momento",
        body: arrivalAddSchema,
        response: { 200: arrivalAddedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await recordArrival(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/llegadas/index",
    {
      config: { roles: [administrador, colegio, gremio, portero], readOnly: true },
      schema: {
        tags: ["arrivals"],
        summary: "Llegadas registradas en la comunidad, de la más reciente a la más antigua (paginado)",
        body: arrivalsIndexSchema,
        response: { 200: arrivalsPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listArrivals(app.db, actorOf(request), request.body)),
    }),
  );
};
