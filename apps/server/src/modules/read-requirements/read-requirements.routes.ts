import {
  errorResponses,
  idParamsSchema,
  okResultSchema,
  Role,
  readRequirementAddSchema,
  readRequirementsIndexSchema,
  readRequirementsPageSchema,
  readRequirementViewQuerySchema,
  readRequirementViewSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { listReadRequirements, setReadRequired, viewReadRequirement } from "./read-requirements.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const { administrador, colegio } = Role;

/** Read requirements: the definitions whose destination must read them (spec 02 §7 'Definitions'). */
export const readRequirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/document-read-requirements/index",
    {
      config: { roles: [colegio, administrador], readOnly: true },
      schema: {
        tags: ["documents"],
        summary: "Lecturas obligatorias del colegio: definiciones cuyos documentos debe leer su destinatario",
        body: readRequirementsIndexSchema,
        response: { 200: readRequirementsPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listReadRequirements(app.db, actorOf(request), request.body)),
    }),
  );

  app.get(
    "/document-read-requirements/view/:id",
    {
      config: { roles: [colegio, administrador] },
      schema: {
        tags: ["documents"],
        summary: "Una lectura obligatoria: sus documentos con 'Leído por N de M' y, con document, quién lo leyó",
        params: idParamsSchema,
        querystring: readRequirementViewQuerySchema,
        response: { 200: readRequirementViewSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await viewReadRequirement(app.db, actorOf(request), request.params.id, request.query)),
    }),
  );

  app.post(
    "/document-read-requirements/add",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Exige que el destinatario lea los documentos de una definición (solo el colegio)",
        body: readRequirementAddSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await setReadRequired(app.db, actorOf(request), request.body.id_definition, true);
      return { result: true as const };
    },
  );

  app.post(
    "/document-read-requirements/delete/:id",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Deja de exigir la lectura de una definición; las marcas de lectura se conservan (solo el colegio)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await setReadRequired(app.db, actorOf(request), request.params.id, false);
      return { result: true as const };
    },
  );
};
