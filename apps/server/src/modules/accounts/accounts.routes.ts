import {
  companyRegistrationSchema,
  companyTypesResponseSchema,
  errorResponses,
  idParamsSchema,
  invitationsIndexSchema,
  invitationsPageSchema,
  inviteRequestSchema,
  okEnvelope,
  okResultSchema,
  passwordSetRequestSchema,
  recoverRequestSchema,
  registerProviderSchema,
  registrationCompletionSchema,
  shakeyRequestSchema,
  tokenCheckResponseSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_ROLE, actorOf } from "../../plugins/auth.js";
import { acceptInvitation, checkInvitationToken } from "./accept-invitation.service.js";
import type { AccountsContext } from "./context.js";
import { cancelInvitation, listInvitations, resendInvitation } from "./invitations.service.js";
import { companyTypesFor, invite } from "./invite.service.js";
import { checkRecoveryToken, completeRecovery, startRecovery } from "./recovery.service.js";
import { registerForColegio, registerProvider } from "./registry.service.js";

const ok = okResultSchema;
const idParams = idParamsSchema;
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Password recovery, invitations and provider self-registration: every way into Coordina. */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  // ── Password recovery (public) ──
  for (const path of ["/companies/users/recover", "/companies/user-recovery/create"]) {
    app.post(
      path,
      {
        config: { public: true },
        schema: {
          tags: ["accounts"],
          summary: "Envía por e-mail un enlace para cambiar la contraseña (válido 2 horas, un solo uso)",
          body: recoverRequestSchema,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        await startRecovery(ctx, request.body.email, request.ip);
        return { result: true as const };
      },
    );
  }

  app.post(
    "/companies/user-recovery/check",
    {
      config: { public: true },
      schema: {
        tags: ["accounts"],
        summary: "Comprueba un enlace de recuperación de contraseña",
        body: shakeyRequestSchema,
        response: { 200: tokenCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await checkRecoveryToken(ctx, request.body.shakey)) }),
  );

  app.post(
    "/companies/user-recovery/update",
    {
      config: { public: true },
      schema: {
        tags: ["accounts"],
        summary: "Cambia la contraseña con un enlace de recuperación; cierra las demás sesiones",
        body: passwordSetRequestSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await completeRecovery(ctx, request.body.shakey, request.body.password);
      return { result: true as const };
    },
  );

  // ── Invitation acceptance and registration completion (public) ──
  app.post(
    "/companies/users/checkin",
    {
      config: { public: true },
      schema: {
        tags: ["accounts"],
        summary: "Comprueba un enlace de invitación o de registro",
        body: shakeyRequestSchema,
        response: { 200: tokenCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await checkInvitationToken(ctx, request.body.shakey)) }),
  );

  const accepted = z.object({ result: z.literal(true), action: z.string(), warning: z.string().optional() });
  app.post(
    "/companies/users/regcheckin",
    {
      config: { public: true },
      schema: {
        tags: ["accounts"],
        summary: "Acepta una invitación (o termina un registro) eligiendo la contraseña",
        body: passwordSetRequestSchema,
        response: { 200: accepted, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await acceptInvitation(ctx, request.body.shakey, { password: request.body.password })),
    }),
  );

  app.post(
    "/companies/users/regchecktotalin",
    {
      config: { public: true },
      schema: {
        tags: ["accounts"],
        summary: "Registro completo de un portero invitado: NIF/CIF, dirección y contraseña",
        body: registrationCompletionSchema,
        response: { 200: accepted, ...errors },
      },
    },
    async (request) => {
      const { shakey, password, ...porter } = request.body;
      return { result: true as const, ...(await acceptInvitation(ctx, shakey, { password, porter })) };
    },
  );

  app.post(
    "/companies/companies/register-provider",
    {
      config: { public: true },
      schema: {
        tags: ["accounts"],
        summary: "Registro público de un proveedor: crea la compañía y envía el enlace para elegir contraseña",
        body: registerProviderSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await registerProvider(ctx, request.body, request.ip);
      return { result: true as const };
    },
  );

  // ── Invitations (logged in) ──
  app.get(
    "/companies/companies/types",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["invitations"],
        summary: "Tipos de compañía que el usuario puede invitar (el primero va preseleccionado)",
        response: { 200: companyTypesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ result: true as const, usertypes: companyTypesFor(actorOf(request)) }),
  );

  app.post(
    "/companies/companies/invite",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["invitations"],
        summary: "Invita a crear una compañía (create-company) o a unirse a una (create-company-user)",
        body: inviteRequestSchema,
        response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await invite(ctx, actorOf(request), request.body) }),
  );

  app.post(
    "/companies/registry/register",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["invitations"],
        summary:
          "El colegio da de alta una compañía (administrador o proveedor) y su gestor, que recibe el enlace para elegir contraseña",
        body: companyRegistrationSchema,
        response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await registerForColegio(ctx, actorOf(request), request.body) }),
  );

  app.post(
    "/companies/invitations/index",
    {
      config: { roles: ANY_ROLE, readOnly: true },
      schema: {
        tags: ["invitations"],
        summary: "Invitaciones enviadas por la compañía del usuario (paginado, con estado)",
        body: invitationsIndexSchema,
        response: { 200: invitationsPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await listInvitations(ctx, actorOf(request), request.body)) }),
  );

  app.post(
    "/companies/invitations/resend/:id",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["invitations"],
        summary: "Reenvía una invitación pendiente o caducada con un enlace nuevo",
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await resendInvitation(ctx, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  app.post(
    "/companies/invitations/cancel/:id",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["invitations"],
        summary: "Cancela una invitación pendiente: su enlace deja de funcionar",
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await cancelInvitation(ctx, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );
};
