import {
  communityMissingRequestSchema,
  communityMissingResponseSchema,
  companyDefinedResponseSchema,
  errorResponses,
  fincaDocumentsRequestSchema,
  fincaProviderRequestSchema,
  idParamsSchema,
  providerFincasIndexSchema,
  providerFincasPageSchema,
  providerMissingInColegioRequestSchema,
  providerMissingInColegioResponseSchema,
  providerMissingResponseSchema,
  Role,
  uploadPendingResponseSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import {
  communityDocuments,
  communityMissing,
  providerFincas,
  providerMissing,
  providerMissingOverColegio,
  uploadPending,
} from "./compliance.service.js";

const errors = errorResponses(400, 401, 403, 404);
const { administrador, colegio, gremio } = Role;

/**
 * Views of a provider's documents and duties (spec 02 §2 'Provider-in-community document view', 'Provider
 * home', 'Provider detail by the association'; §7 'Provider documents'); the rules in docs/compliance.md.
 */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/providers/document_uploaded_by_provider_finca",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags: ["compliance"],
        summary: "Documentos de un proveedor que cuentan en una comunidad, por definición (expirados incluidos)",
        body: fincaProviderRequestSchema,
        response: { 200: companyDefinedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await communityDocuments(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies/providers/documents_fincas",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags: ["compliance"],
        summary: "Documentos de una comunidad (de un proveedor, o de todas sus partes), con validación del colegio",
        body: fincaDocumentsRequestSchema,
        response: { 200: companyDefinedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await communityDocuments(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies/providers/upload_pending",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["compliance"],
        summary: "Documentos pendientes de subida del proveedor en el colegio (faltan, caducados o incompletos)",
        response: { 200: uploadPendingResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await uploadPending(app.db, actorOf(request)) }),
  );

  app.post(
    "/companies/providers/missing_in_finca",
    {
      config: { roles: [administrador, colegio, gremio] },
      schema: {
        tags: ["compliance"],
        summary:
          "Lo que le falta a un proveedor en una comunidad (subidas y lecturas), para las palabras de sus semáforos",
        body: fincaProviderRequestSchema,
        response: { 200: providerMissingResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await providerMissing(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/companies/providers/missing",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["compliance"],
        summary:
          "Lo que le falta a un proveedor del colegio en sus comunidades (subidas, lecturas, pendientes de validar), para las palabras de sus semáforos",
        body: providerMissingInColegioRequestSchema,
        response: { 200: providerMissingInColegioResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await providerMissingOverColegio(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/fincas/missing",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags: ["compliance"],
        summary:
          "Lo que les falta a los proveedores de una comunidad (subidas y lecturas), para las palabras de sus semáforos",
        body: communityMissingRequestSchema,
        response: { 200: communityMissingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await communityMissing(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/colegio-providers/fincas/:id",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["compliance"],
        summary: "Comunidades del colegio que sirve un proveedor, con sus documentos subidos y leídos (paginado)",
        params: idParamsSchema,
        body: providerFincasIndexSchema,
        response: { 200: providerFincasPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await providerFincas(app.db, actorOf(request), request.params.id, request.body)),
    }),
  );
};
