import {
  communityDocumentsResponseSchema,
  errorResponses,
  fincaProviderRequestSchema,
  fincaRequestSchema,
  markReadResponseSchema,
  markReadSchema,
  pendingReadFlagSchema,
  pendingReadsResponseSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import {
  documentsFromAdministrator,
  documentsFromProviders,
  isPendingRead,
  markRead,
  pendingReads,
  readByProvider,
} from "./reading.service.js";

const errors = errorResponses(400, 401, 403, 404);
const { administrador, colegio, gremio, portero } = Role;
const readers = [administrador, gremio, portero];

/** Reading duties: what a party reads in a community and its read marks (spec 02 §7 'Provider documents', 'Mark read'). */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/providers/documents_of_finca_by_administrator",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["reading"],
        summary: "Documentos vigentes que el administrador de la comunidad da al proveedor, con su marca de lectura",
        body: fincaRequestSchema,
        response: { 200: communityDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await documentsFromAdministrator(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    // The spec's path, misspelt as it is (02 §7).
    "/companies/providers/documets_of_finca_by_providers",
    {
      config: { roles: readers },
      schema: {
        tags: ["reading"],
        summary:
          "Documentos vigentes de los proveedores de la comunidad: para un proveedor, los de los demás; para el administrador o el portero, los suyos para él",
        body: fincaRequestSchema,
        response: { 200: communityDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await documentsFromProviders(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/providers/is_pending_read",
    {
      config: { roles: readers },
      schema: {
        tags: ["reading"],
        summary: "Si quien llama tiene documentos de lectura obligatoria sin leer en la comunidad",
        body: fincaRequestSchema,
        response: { 200: pendingReadFlagSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      pending: await isPendingRead(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/providers/doc-read-pending-by-provider",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["reading"],
        summary: "Lecturas pendientes del proveedor en todas las comunidades del colegio en las que trabaja",
        response: { 200: pendingReadsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await pendingReads(app.db, actorOf(request)) }),
  );

  app.post(
    "/companies/providers/read_by_provider",
    {
      config: { roles: [administrador, colegio, gremio] },
      schema: {
        tags: ["reading"],
        summary: "Lo que un proveedor de la comunidad puede leer en ella, con sus marcas de lectura",
        body: fincaProviderRequestSchema,
        response: { 200: communityDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await readByProvider(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/providers/mark_read",
    {
      config: { roles: readers },
      schema: {
        tags: ["reading"],
        summary: "La empresa de quien llama marca como leído un documento en la comunidad (una vez)",
        body: markReadSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      read_identifier: await markRead(app.db, actorOf(request), request.body),
    }),
  );
};
