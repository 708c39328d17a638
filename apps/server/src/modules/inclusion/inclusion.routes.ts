import {
  colegioInclusionRequestsResponseSchema,
  errorResponses,
  idParamsSchema,
  inclusionColegiosResponseSchema,
  inclusionRequestSchema,
  okEnvelope,
  okResultSchema,
  ownInclusionRequestsResponseSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { colegioRequests, decideRequest } from "./decide-inclusion.service.js";
import { askableColegios, fileRequest, ownRequests, withdrawRequest } from "./request-inclusion.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
/** Filing mails the colegio's staff, so it is rate-limited per company and per user. */
const filingErrors = errorResponses(400, 401, 403, 404, 409, 429);
const provider = { roles: [Role.gremio] };
const colegio = { roles: [Role.colegio] };
const tags = ["inclusion"];

/** A provider asks a colegio to include it; the colegio includes or declines (issue 21). */
export const inclusionRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  app.get(
    "/inclusion/colegios",
    {
      config: provider,
      schema: {
        tags,
        summary: "Colegios activos a los que el proveedor puede pedir que lo incluyan (a los que no pertenece)",
        response: { 200: inclusionColegiosResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await askableColegios(ctx, actorOf(request)) }),
  );

  app.get(
    "/inclusion/requests",
    {
      config: provider,
      schema: {
        tags,
        summary: "Solicitudes de inclusión abiertas del proveedor",
        response: { 200: ownInclusionRequestsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await ownRequests(ctx, actorOf(request)) }),
  );

  app.post(
    "/inclusion/requests",
    {
      config: provider,
      schema: {
        tags,
        summary:
          "El proveedor pide a un colegio (colegio_id) que lo incluya, con un mensaje opcional (429 si lo pide demasiadas veces)",
        body: inclusionRequestSchema,
        response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...filingErrors },
      },
    },
    async (request) => ({ result: true as const, data: await fileRequest(ctx, actorOf(request), request.body) }),
  );

  app.post(
    "/inclusion/requests/:id/withdraw",
    {
      config: provider,
      schema: {
        tags,
        summary: "El proveedor retira su solicitud abierta",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await withdrawRequest(ctx, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  app.get(
    "/inclusion/colegio/requests",
    {
      config: colegio,
      schema: {
        tags,
        summary: "Solicitudes de inclusión abiertas que ha recibido el colegio",
        response: { 200: colegioInclusionRequestsResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await colegioRequests(ctx, actorOf(request)) }),
  );

  for (const [action, include] of [
    ["include", true],
    ["decline", false],
  ] as const) {
    app.post(
      `/inclusion/colegio/requests/:id/${action}`,
      {
        config: colegio,
        schema: {
          tags,
          summary: include
            ? "El colegio incluye al proveedor que lo pidió (como el formulario por NIF, con su e-mail)"
            : "El colegio rechaza la solicitud; el proveedor recibe un e-mail",
          params: idParamsSchema,
          response: { 200: okResultSchema, ...errors },
        },
      },
      async (request) => {
        await decideRequest(ctx, actorOf(request), request.params.id, include);
        return { result: true as const };
      },
    );
  }
};
