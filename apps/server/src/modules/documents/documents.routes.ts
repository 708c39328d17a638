import {
  colegioDocumentsSummaryRequestSchema,
  colegioDocumentsSummarySchema,
  communitiesDefinedRequestSchema,
  communitiesDefinedResponseSchema,
  companyDefinedRequestSchema,
  companyDefinedResponseSchema,
  definitionInputSchema,
  definitionSavedSchema,
  definitionsIndexSchema,
  definitionsPageSchema,
  documentResponseSchema,
  documentsManyResponseSchema,
  documentValidatedSchema,
  errorResponses,
  expiringSoonRequestSchema,
  expiringSoonRowSchema,
  idParamsSchema,
  okEnvelope,
  okResultSchema,
  pagedEnvelope,
  pendingValidationRequestSchema,
  pendingValidationRowSchema,
  Role,
  templatesListSchema,
  templatesPageSchema,
  uploadDefinedSchema,
  validateDocumentSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { holdAnswerUntilBodyRead } from "../../plugins/unread-body.js";
import { acceptUpload } from "../files/accept-upload.js";
import type { FileStore } from "../files/file-store.js";
import { communitiesDefined, definedUploadManyPlan } from "./community-documents.service.js";
import { companyDefined } from "./company-defined.service.js";
import {
  createDefinition,
  deleteDefinition,
  deleteTemplate,
  editDefinition,
  listDefinitions,
  listTemplates,
} from "./definitions.service.js";
import {
  colegioDocumentsSummary,
  eraseUploadedDocument,
  expiringSoon,
  getUploadedDocument,
  pendingValidation,
  validateDocument,
} from "./documents.service.js";
import { attachDefinedFile, definedUploadPlan } from "./upload-document.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const { administrador, colegio, gremio, portero } = Role;
const everyone = [administrador, colegio, gremio, portero];
const uploaders = [administrador, gremio, portero];

/** Document definitions, templates and uploaded company documents (spec 02 §7 'Documents', 'Definitions'). */
export const documentsRoutes: FastifyPluginAsyncZod<{ store: FileStore }> = async (app, { store }) => {
  // A refused upload answers once the client has sent its whole body (plugins/unread-body.ts).
  app.addHook("onSend", holdAnswerUntilBodyRead);
  // ── Definitions ──
  app.post(
    "/document-require-definitions/index",
    {
      config: { roles: everyone, readOnly: true },
      schema: {
        tags: ["documents"],
        summary: "Definiciones de documentos del colegio: por pestaña (quién sube) y grupo",
        body: definitionsIndexSchema,
        response: { 200: definitionsPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await listDefinitions(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/document-require-definitions/add",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Nueva definición de documento (solo el colegio)",
        body: definitionInputSchema,
        response: { 200: definitionSavedSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await createDefinition(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/document-require-definitions/edit/:id",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Cambia una definición de documento (solo el colegio que la definió)",
        params: idParamsSchema,
        body: definitionInputSchema,
        response: { 200: definitionSavedSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await editDefinition(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    "/document-require-definitions/delete/:id",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Borra una definición y, con borrado lógico, todos los documentos subidos para ella",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await deleteDefinition(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  // ── Templates (plantillas) ──
  app.post(
    "/plantillas-docs/list",
    {
      config: { roles: everyone },
      schema: {
        tags: ["documents"],
        summary: "Plantillas de una definición",
        body: templatesListSchema,
        response: { 200: templatesPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await listTemplates(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/plantillas-docs/delete/:id",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Borra una plantilla (borrado lógico)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  // ── Uploaded company documents ──
  app.post(
    "/companies/documents/getcompanydefined",
    {
      config: { roles: everyone },
      schema: {
        tags: ["documents"],
        summary: "Definiciones que aplican a una empresa, con los documentos que ha subido para cada una",
        body: companyDefinedRequestSchema,
        response: { 200: companyDefinedResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await companyDefined(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/companies/documents/upload-defined-file",
    {
      config: { roles: uploaders },
      schema: {
        tags: ["documents"],
        summary:
          "Sube un PDF (multipart: id_definition, id_finca si es por comunidad, obsolete, idempotencyKey opcional, y el fichero)",
        consumes: ["multipart/form-data"],
        response: { 200: documentResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return acceptUpload(request, store, app.db, actor, definedUploadPlan(app.db, actor));
    },
  );

  // The administrator's communities side by side (issue 23, /gcomunidades), and one upload for many of them.
  app.post(
    "/companies/documents/communities-defined",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["documents"],
        summary:
          "Comunidades del administrador (paginadas) con lo que cada una tiene de cada definición por comunidad que sube el administrador",
        body: communitiesDefinedRequestSchema,
        response: { 200: communitiesDefinedResponseSchema, ...errors },
      },
    },
    async (request) => communitiesDefined(app.db, actorOf(request), request.body),
  );

  app.post(
    "/companies/documents/upload-defined-file-many",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["documents"],
        summary:
          "Sube un PDF como documento del administrador en varias comunidades a la vez (multipart: id_definition, id_fincas separadas por comas o all_fincas=true con except_fincas opcional, obsolete, idempotencyKey opcional, y el fichero); todo o nada",
        consumes: ["multipart/form-data"],
        response: { 200: documentsManyResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return acceptUpload(request, store, app.db, actor, definedUploadManyPlan(app.db, actor));
    },
  );

  app.post(
    "/companies/documents/uploaddefined",
    {
      config: { roles: uploaders },
      schema: {
        tags: ["documents"],
        summary: "Un fichero ya subido por la empresa pasa a ser su documento para una definición",
        body: uploadDefinedSchema,
        response: { 200: documentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await attachDefinedFile(app.db, actorOf(request), request.body)),
    }),
  );

  app.get(
    "/companies/documents/getcompanyuploaded/:id",
    {
      config: { roles: everyone },
      schema: {
        tags: ["documents"],
        summary: "Un documento subido",
        params: idParamsSchema,
        response: { 200: documentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await getUploadedDocument(app.db, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    "/companies/documents/erasecompanydefined/:id",
    {
      config: { roles: uploaders },
      schema: {
        tags: ["documents"],
        summary: "Borra un documento subido (borrado lógico; el fichero se conserva)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await eraseUploadedDocument(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  app.post(
    "/companies/documents/validatedocument",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "El colegio valida un documento o lo devuelve a pendiente",
        body: validateDocumentSchema,
        response: { 200: documentValidatedSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await validateDocument(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/documents/pending-validation",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Documentos del colegio pendientes de su validación",
        body: pendingValidationRequestSchema,
        response: { 200: pagedEnvelope(pendingValidationRowSchema), ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await pendingValidation(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies/documents/colegio-summary",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary:
          "Resumen de los documentos del colegio por definición: los que caducan en 30 días y los pendientes de validar",
        body: colegioDocumentsSummaryRequestSchema,
        response: { 200: okEnvelope(colegioDocumentsSummarySchema), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await colegioDocumentsSummary(app.db, actorOf(request)) }),
  );

  app.post(
    "/companies/documents/expiring-soon",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["documents"],
        summary: "Documentos del colegio que caducan en los próximos 30 días, los más próximos primero",
        body: expiringSoonRequestSchema,
        response: { 200: pagedEnvelope(expiringSoonRowSchema), ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await expiringSoon(app.db, actorOf(request), request.body)) }),
  );
};
