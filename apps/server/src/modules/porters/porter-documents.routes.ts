import {
  communityDocumentsResponseSchema,
  companyDefinedResponseSchema,
  errorResponses,
  porterFincaRequestSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { documentsFromAdministrator, documentsToRead, documentsUploaded } from "./porter-documents.service.js";

const errors = errorResponses(400, 401, 403, 404);
const { administrador, colegio, portero } = Role;
const roles = [administrador, colegio, portero];

/** A porter's documents in a community: what it reads and what it uploaded (spec 02 §7 'Porters', porteros/documents/*). */
export const porterDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/porteros/documents/adminforportero",
    {
      config: { roles },
      schema: {
        tags: ["porters"],
        summary:
          "Documentos vigentes que el administrador de la comunidad da a los porteros, con las marcas del portero",
        body: porterFincaRequestSchema,
        response: { 200: communityDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await documentsFromAdministrator(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/documents/documentUploadedByFinca",
    {
      config: { roles },
      schema: {
        tags: ["porters"],
        summary: "Documentos del portero que cuentan en la comunidad, por definición (caducados incluidos)",
        body: porterFincaRequestSchema,
        response: { 200: companyDefinedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await documentsUploaded(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/porteros/documents/readByFinca",
    {
      config: { roles },
      schema: {
        tags: ["porters"],
        summary:
          "Lo que el portero debe o puede leer en la comunidad (del administrador y de los proveedores), con sus marcas",
        body: porterFincaRequestSchema,
        response: { 200: communityDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await documentsToRead(app.db, actorOf(request), request.body),
    }),
  );
};
