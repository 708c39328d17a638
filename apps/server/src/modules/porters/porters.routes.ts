import {
  communityPortersIndexSchema,
  communityPortersPageSchema,
  communityPortersResponseSchema,
  errorResponses,
  idParamsSchema,
  okResultSchema,
  ownCommunitiesIndexSchema,
  ownCommunitiesPageSchema,
  ownMissingSchema,
  porterAddedResponseSchema,
  porterCalendarRequestSchema,
  porterCalendarResponseSchema,
  porterEmailRequestSchema,
  porterExistsResponseSchema,
  porterFincaRequestSchema,
  porterFincasRequestSchema,
  porterFincasResponseSchema,
  porterIncludeSchema,
  porterInvitedResponseSchema,
  porterMissingInFincaSchema,
  porterMissingOverSchema,
  porterMissingResponseSchema,
  porterRegisterSchema,
  porterRegisterTestSchema,
  porterSummaryIndexSchema,
  porterSummaryPageSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { ownMissing, porterMissingInFinca, porterMissingOver } from "./porter-missing.service.js";
import {
  allCommunityPorters,
  listCommunityPorters,
  listOwnCommunities,
  porterCalendar,
  removePorter,
} from "./porters.service.js";
import {
  includePorterById,
  invitePorter,
  porterExists,
  registerPorter,
  registerTestPorter,
} from "./registry.service.js";
import { porterFincas, porterSummary } from "./summary.service.js";

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const { administrador, colegio, portero } = Role;

/** Porters of a community, their registration, the doormen summary and the porter's own communities (spec 02 §7 'Porters'). */
export const portersRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const tags = ["porters"];

  app.post(
    "/porteros/fincas/index",
    {
      config: { roles: [administrador, colegio], readOnly: true },
      schema: {
        tags,
        summary: "Porteros de una comunidad con sus documentos a subir y a leer, 4 por página",
        body: communityPortersIndexSchema,
        response: { 200: communityPortersPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listCommunityPorters(app.db, actorOf(request), request.body)),
    }),
  );

  app.get(
    "/porteros/fincas/byfinca/:id",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags,
        summary: "Todos los porteros de una comunidad con sus cifras",
        params: idParamsSchema,
        response: { 200: communityPortersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await allCommunityPorters(app.db, actorOf(request), request.params.id),
    }),
  );

  app.post(
    "/porteros/registry/exists",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary: "Si un e-mail es de un usuario activo, y si es portero",
        body: porterEmailRequestSchema,
        response: { 200: porterExistsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await porterExists(ctx, actorOf(request), request.body.email)),
    }),
  );

  app.post(
    "/porteros/registry/register",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary: "Añade a la comunidad el portero con ese e-mail",
        body: porterRegisterSchema,
        response: { 200: porterAddedResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await registerPorter(ctx, actorOf(request), request.body) }),
  );

  app.post(
    "/porteros/registry/include",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary: "Añade a la comunidad el portero con ese id de usuario",
        body: porterIncludeSchema,
        response: { 200: porterAddedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await includePorterById(ctx, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/registry/invite",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary: "Invita por e-mail a un portero a darse de alta; al aceptar queda en la comunidad",
        body: porterRegisterSchema,
        response: { 200: porterInvitedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      invitation: await invitePorter(ctx, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/registry/registerTest",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary: "Modo de pruebas: crea el portero con contraseña y lo añade a la comunidad",
        body: porterRegisterTestSchema,
        response: { 200: porterAddedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await registerTestPorter(ctx, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/portero/drop",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary: "Quita al portero de la comunidad (sus documentos y lecturas se conservan)",
        body: porterFincaRequestSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await removePorter(app.db, actorOf(request), request.body);
      return { result: true as const };
    },
  );

  app.post(
    "/porteros/portero/admin_summary",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags,
        summary: "Resumen de porteros de las comunidades de quien llama, con sus cifras sobre ellas, 10 por página",
        body: porterSummaryIndexSchema,
        response: { 200: porterSummaryPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await porterSummary(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/porteros/portero/fincas",
    {
      config: { roles: [administrador, colegio] },
      schema: {
        tags,
        summary: "Las comunidades de quien llama en las que trabaja ese portero, con sus cifras en cada una",
        body: porterFincasRequestSchema,
        response: { 200: porterFincasResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await porterFincas(app.db, actorOf(request), request.body.id_portero)),
    }),
  );

  app.post(
    "/porteros/comunidades/index",
    {
      config: { roles: [portero], readOnly: true },
      schema: {
        tags,
        summary: "Las comunidades del portero en todos los colegios, con sus cifras en cada una",
        body: ownCommunitiesIndexSchema,
        response: { 200: ownCommunitiesPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listOwnCommunities(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/porteros/fincas/missing",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary:
          "Lo que le falta a un portero en una comunidad (subidas y lecturas), para las palabras de sus semáforos",
        body: porterMissingInFincaSchema,
        response: { 200: porterMissingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await porterMissingInFinca(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/portero/missing",
    {
      config: { roles: [administrador] },
      schema: {
        tags,
        summary:
          "Lo que le falta a un portero en las comunidades de quien llama (cada subida una vez, lecturas sumadas)",
        body: porterMissingOverSchema,
        response: { 200: porterMissingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await porterMissingOver(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/porteros/comunidades/missing",
    {
      config: { roles: [portero] },
      schema: {
        tags,
        summary: "Lo que le falta al portero que llama en una de sus comunidades (subidas y lecturas)",
        body: ownMissingSchema,
        response: { 200: porterMissingResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await ownMissing(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/porteros/calendar/bymonth",
    {
      config: { roles: [portero] },
      schema: {
        tags,
        summary: "Las visitas del mes en una comunidad del portero",
        body: porterCalendarRequestSchema,
        response: { 200: porterCalendarResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await porterCalendar(app.db, actorOf(request), request.body)) }),
  );
};
