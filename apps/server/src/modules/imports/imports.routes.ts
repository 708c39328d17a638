import {
  errorResponses,
  IMPORT_ERRORS_FILE,
  IMPORT_KINDS,
  IMPORT_TEMPLATE_FILE,
  importKindParamsSchema,
  importRowSchema,
  importRowsQuerySchema,
  importRunParamsSchema,
  importRunSchema,
  importStartQuerySchema,
  okEnvelope,
  pagedEnvelope,
} from "@coordina/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { XLSX_CONTENT_TYPE } from "../../lib/sheets/write-sheet.js";
import { actorOf } from "../../plugins/auth.js";
import { holdAnswerUntilBodyRead } from "../../plugins/unread-body.js";
import type { AccountsContext } from "../accounts/context.js";
import { errorFile, templateFile } from "./import-files.service.js";
import { IMPORT_ROLES } from "./imports.policy.js";
import { readRun, readRunRows, startImport } from "./imports.service.js";

/** An .xlsx to download, named as the spec names it. */
function sendSheet(reply: FastifyReply, name: string, file: Buffer) {
  return reply
    .header("content-type", XLSX_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(file);
}

/**
 * Spreadsheet imports (issue 20; spec 01 §2–§5, spec 02 §2–§4): upload a file once, follow the run,
 * read its results, download the error file or a kind's template. Multipart must be registered before.
 */
export const importsRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  // A refused upload answers once the client has sent its whole body (plugins/unread-body.ts).
  app.addHook("onSend", holdAnswerUntilBodyRead);

  app.post(
    "/imports/:kind",
    {
      config: { roles: IMPORT_ROLES },
      schema: {
        tags: ["imports"],
        summary: `Importa una hoja de cálculo (multipart: el fichero en 'file', .xlsx o .xls de hasta 10 MB, hoja 'Datos'). Tipos: ${IMPORT_KINDS.join(", ")}; id_finca solo para community-providers. Valida todas las filas; si ninguna es errónea, las importa en segundo plano`,
        consumes: ["multipart/form-data"],
        params: importKindParamsSchema,
        querystring: importStartQuerySchema,
        response: { 200: okEnvelope(importRunSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      result: true as const,
      data: await startImport(ctx, request.log, actorOf(request), request.params.kind, request.query, request),
    }),
  );

  app.get(
    "/imports/runs/:id",
    {
      config: { roles: IMPORT_ROLES },
      schema: {
        tags: ["imports"],
        summary: "Estado y recuento de una importación (para seguir su progreso)",
        params: importRunParamsSchema,
        response: { 200: okEnvelope(importRunSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ result: true as const, data: await readRun(app.db, actorOf(request), request.params.id) }),
  );

  app.get(
    "/imports/runs/:id/rows",
    {
      config: { roles: IMPORT_ROLES },
      schema: {
        tags: ["imports"],
        summary: "Filas de una importación en el orden de la hoja, con su resultado (only=problems: las erróneas)",
        params: importRunParamsSchema,
        querystring: importRowsQuerySchema,
        response: { 200: pagedEnvelope(importRowSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await readRunRows(app.db, actorOf(request), request.params.id, request.query)),
    }),
  );

  app.get(
    "/imports/runs/:id/errors.xlsx",
    {
      config: { roles: IMPORT_ROLES },
      schema: {
        tags: ["imports"],
        summary: `${IMPORT_ERRORS_FILE}: todas las filas del fichero y una columna 'error' con lo que falla en cada una`,
        produces: [XLSX_CONTENT_TYPE],
        params: importRunParamsSchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendSheet(reply, IMPORT_ERRORS_FILE, await errorFile(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    "/imports/templates/:kind",
    {
      config: { roles: IMPORT_ROLES },
      schema: {
        tags: ["imports"],
        summary: `${IMPORT_TEMPLATE_FILE} de un tipo: sus cabeceras y una fila de ejemplo`,
        produces: [XLSX_CONTENT_TYPE],
        params: importKindParamsSchema,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) =>
      sendSheet(reply, IMPORT_TEMPLATE_FILE, templateFile(actorOf(request), request.params.kind)),
  );
};
