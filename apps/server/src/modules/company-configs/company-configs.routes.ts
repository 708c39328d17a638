import {
  companyConfigAddSchema,
  companyConfigExistsResponseSchema,
  companyConfigKeySchema,
  errorResponses,
  okResultSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { hasCompanyConfig, removeCompanyConfig, saveCompanyConfig } from "./company-configs.service.js";

const errors = errorResponses(400, 401, 403);
const { gremio } = Role;

/** A provider's configuration keys (spec 02 §7 'Provider config'): the 24-hour service. */
export const companyConfigsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/company-configs/add",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Guarda una clave de configuración del proveedor (seven-24 = '1': servicio 24 horas, 7 días)",
        body: companyConfigAddSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await saveCompanyConfig(app.db, actorOf(request), request.body.key, request.body.value);
      return { result: true as const };
    },
  );

  app.post(
    "/companies/company-configs/delete",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Quita una clave de configuración del proveedor (sin error si no estaba)",
        body: companyConfigKeySchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await removeCompanyConfig(app.db, actorOf(request), request.body.key);
      return { result: true as const };
    },
  );

  app.post(
    "/companies/company-configs/exists",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Si el proveedor tiene la clave de configuración puesta (en `result`)",
        body: companyConfigKeySchema,
        response: { 200: companyConfigExistsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: await hasCompanyConfig(app.db, actorOf(request), request.body.key) }),
  );
};
