import {
  companyDetailSchema,
  editUserResponseSchema,
  editUserSchema,
  emailChangeConfirmResponseSchema,
  errorResponses,
  idParamsSchema,
  okEnvelope,
  pendingEmailChangeSchema,
  shakeyRequestSchema,
  usersIndexSchema,
  usersPageSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ANY_ROLE, actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "./email-change.service.js";
import { listUsers, myCompany } from "./users.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const limited = errorResponses(400, 401, 403, 404, 409, 429);

/** The users of a company and the caller's personal data (with the change of login e-mail). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  for (const path of ["/companies/users/index", "/companies/users"]) {
    app.post(
      path,
      {
        config: { roles: ANY_ROLE, readOnly: true },
        schema: {
          tags: ["users"],
          summary: "Usuarios de la compañía (paginado, con búsqueda)",
          body: usersIndexSchema,
          response: { 200: usersPageSchema, ...errors },
        },
      },
      async (request) => ({ result: true as const, ...(await listUsers(ctx, actorOf(request), request.body)) }),
    );
  }

  app.get(
    "/companies/users/company",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["users"],
        summary: "La compañía del usuario",
        response: { 200: okEnvelope(companyDetailSchema), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await myCompany(ctx, actorOf(request)) }),
  );

  app.post(
    "/companies/users/edit/:id",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["users"],
        summary:
          "Mis datos: pide cambiar el e-mail de acceso propio; se confirma con el enlace enviado a la dirección nueva (válido 24 horas)",
        params: idParamsSchema,
        body: editUserSchema,
        response: { 200: editUserResponseSchema, ...limited },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await requestEmailChange(ctx, actorOf(request), request.params.id, request.body.email)),
    }),
  );

  app.get(
    "/companies/users/email-change",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["users"],
        summary: "Mis datos: el cambio de e-mail pendiente de confirmar, si lo hay",
        response: { 200: okEnvelope(pendingEmailChangeSchema.nullable()), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await pendingEmailChange(ctx, actorOf(request)) }),
  );

  // Public: the link may be opened on a device with no session. The token alone decides.
  app.post(
    "/companies/users/email-change/confirm",
    {
      config: { public: true },
      schema: {
        tags: ["users"],
        summary:
          "Confirma un cambio de e-mail con el enlace enviado a la dirección nueva; cierra todas las sesiones del usuario",
        body: shakeyRequestSchema,
        response: { 200: emailChangeConfirmResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await confirmEmailChange(ctx, request.body.shakey) }),
  );
};
