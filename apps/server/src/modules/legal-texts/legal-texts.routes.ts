import {
  currentTermsSchema,
  errorResponses,
  LEGAL_ACCEPTANCE_COLUMNS,
  legalTextSaveSchema,
  legalTextSchema,
  legalTextsOverviewSchema,
  okEnvelope,
  okResultSchema,
  Role,
  termsAcceptSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import { acceptancesCsv, legalTextsOverview, saveLegalText } from "./legal-texts.service.js";
import { acceptTerms, currentTerms } from "./terms.service.js";

const { colegio, administrador, gremio } = Role;

/**
 * The colegio's legal texts (`/config-legal`) and the conditions of use administrators and providers accept
 * (`/legal`), issue 23 part 4. The terms calls are reachable before the conditions are accepted, to accept them.
 */
export const legalTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings/legal-texts",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["settings"],
        summary: "Textos legales del colegio: la versión vigente de cada uno y la lista de versiones",
        response: { 200: okEnvelope(legalTextsOverviewSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: true as const, data: await legalTextsOverview(app.db, actorOf(request)) }),
  );

  app.post(
    "/settings/legal-texts/add",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["settings"],
        summary:
          "Guarda una versión nueva y fechada de un texto legal (HTML saneado en el servidor); unas condiciones nuevas se piden aceptar de nuevo",
        body: legalTextSaveSchema,
        response: { 200: okEnvelope(legalTextSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ result: true as const, data: await saveLegalText(app.db, actorOf(request), request.body) }),
  );

  app.get(
    "/settings/legal-texts/acceptances",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["settings"],
        summary: `Aceptaciones de las condiciones en CSV (UTF-8 con BOM, separado por ';'): ${LEGAL_ACCEPTANCE_COLUMNS.join(", ")}`,
        produces: ["text/csv"],
        response: { 200: z.string(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { file, csv } = await acceptancesCsv(app.db, actorOf(request));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file}"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/settings/legal-texts/terms",
    {
      config: { roles: [administrador, gremio], beforeLegal: true },
      schema: {
        tags: ["settings"],
        summary:
          "Condiciones de uso que el usuario debe aceptar en el colegio elegido (la versión vigente del colegio o el texto inicial) y su aviso legal",
        response: { 200: okEnvelope(currentTermsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: true as const, data: await currentTerms(app.db, actorOf(request)) }),
  );

  app.post(
    "/settings/legal-texts/accept",
    {
      config: { roles: [administrador, gremio], beforeLegal: true },
      schema: {
        tags: ["settings"],
        summary:
          "Acepta la versión leída de las condiciones (null: el texto inicial); registra también el ajuste accepted-legal",
        body: termsAcceptSchema,
        response: { 200: okResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      await acceptTerms(app.db, actorOf(request), request.body.version_id);
      return { result: true as const };
    },
  );
};
