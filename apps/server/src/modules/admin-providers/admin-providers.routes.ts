import {
  adminProviderFincasIndexSchema,
  adminProviderFincasPageSchema,
  adminProviderMissingRequestSchema,
  adminProviderMissingResponseSchema,
  adminProvidersIndexSchema,
  adminProvidersPageSchema,
  errorResponses,
  idParamsSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { adminProviderFincas, adminProviderMissing, adminProviders } from "./admin-providers.service.js";

const errors = errorResponses(400, 401, 403, 404, 429);
const { administrador, colegio } = Role;

/** The administrator's compliance overview (spec 02 §2 'Admin overview of compliance', §7 'Admin fincas'). */
export const adminProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admin-fincas"];

  app.post(
    "/companies/admin-fincas/providers",
    {
      config: { roles: [administrador, colegio], readOnly: true },
      schema: {
        tags,
        summary:
          "Proveedores de las comunidades de quien llama, con sus cifras de lectura y subida sobre ellas, 10 por página",
        body: adminProvidersIndexSchema,
        response: { 200: adminProvidersPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await adminProviders(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/companies/admin-fincas/provider_fincas/:id",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags,
        summary: "Las comunidades de quien llama que sirve ese proveedor, con sus cifras en cada una, 10 por página",
        params: idParamsSchema,
        body: adminProviderFincasIndexSchema,
        response: { 200: adminProviderFincasPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await adminProviderFincas(app.db, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.post(
    "/companies/admin-fincas/providers/missing",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags,
        summary:
          "Lo que le falta a ese proveedor en las comunidades de quien llama, como lo cuenta su fila del resumen",
        body: adminProviderMissingRequestSchema,
        response: { 200: adminProviderMissingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await adminProviderMissing(app.db, actorOf(request), request.body.id_gremio),
    }),
  );
};
