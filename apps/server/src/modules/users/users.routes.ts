import {
  companyDetailSchema,
  editUserSchema,
  errorResponses,
  idParamsSchema,
  okEnvelope,
  usersIndexSchema,
  usersPageSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { editOwnEmail, listUsers, myCompany } from "./users.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);

/** The users of a company and the caller's personal data. */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  for (const path of ["/companies/users/index", "/companies/users"]) {
    app.post(
      path,
      {
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
      schema: {
        tags: ["users"],
        summary: "Mis datos: cambia el e-mail de acceso propio (se avisa a la dirección antigua y a la nueva)",
        params: idParamsSchema,
        body: editUserSchema,
        response: {
          200: z.object({ result: z.literal(true), user: z.object({ id: z.number(), email: z.string() }) }),
          ...errors,
        },
      },
    },
    async (request) => ({
      result: true as const,
      user: await editOwnEmail(ctx, actorOf(request), request.params.id, request.body.email),
    }),
  );
};
