import {
  companyDocumentsPageSchema,
  companyDocumentsRequestSchema,
  documentSummaryResponseSchema,
  errorResponses,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { documentSummary, listCompanyDocuments } from "./company-documents.service.js";

const errors = errorResponses(400, 401, 403);
const { administrador, gremio, portero } = Role;

/** The caller's own company's documents (spec 02 §2 /documents/summary, /documents/uploaded; §7 `companies/documents`). */
export const companyDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/documents",
    {
      config: { roles: [administrador, gremio, portero] },
      schema: {
        tags: ["documents"],
        summary: "Documentos subidos por la empresa del usuario en el colegio (búsqueda, filtros, paginado)",
        body: companyDocumentsRequestSchema,
        response: { 200: companyDocumentsPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listCompanyDocuments(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies/documents/summary",
    {
      config: { roles: [administrador, gremio, portero] },
      schema: {
        tags: ["documents"],
        summary: "Resumen de los documentos que la empresa del usuario debe subir en el colegio, por definición",
        response: { 200: documentSummaryResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await documentSummary(app.db, actorOf(request))) }),
  );
};
