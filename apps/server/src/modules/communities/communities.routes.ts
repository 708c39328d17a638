import {
  communitiesIndexSchema,
  communitiesPageSchema,
  communityAddSchema,
  communityCreatedSchema,
  communityRegistrationSchema,
  communityUpdateSchema,
  communityViewResponseSchema,
  errorResponses,
  idParamsSchema,
  okResultSchema,
  providerCommunitiesIndexSchema,
  providerCommunitiesPageSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import {
  createCommunity,
  deleteCommunity,
  listCommunities,
  listProviderCommunities,
  registerCommunity,
  updateCommunity,
  viewCommunity,
} from "./communities.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const { administrador, colegio, gremio, portero } = Role;

/** Communities (fincas): lists, add, view, edit, delete (spec 02 §7 'Fincas'). */
export const communitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/fincas/index",
    {
      config: { roles: [administrador, colegio], readOnly: true },
      schema: {
        tags: ["communities"],
        summary: "Comunidades del administrador en el colegio (o todas las del colegio), con sus cifras",
        body: communitiesIndexSchema,
        response: { 200: communitiesPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await listCommunities(app.db, actorOf(request), request.body)) }),
  );

  app.post(
    "/companies/fincas/provider",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["communities"],
        summary: "Comunidades en las que trabaja el proveedor, en el colegio",
        body: providerCommunitiesIndexSchema,
        response: { 200: providerCommunitiesPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listProviderCommunities(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies/fincas/add",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["communities"],
        summary: "Alta de comunidad: nombre y NIF/CIF (único entre las comunidades)",
        body: communityAddSchema,
        response: { 200: communityCreatedSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await createCommunity(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/companies/fincas/register",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["communities"],
        summary: "Alta completa de comunidad (todos los datos de contacto)",
        body: communityRegistrationSchema,
        response: { 200: communityCreatedSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await registerCommunity(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies/fincas/delete/:id",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["communities"],
        summary: "Borra una comunidad (borrado lógico: sus documentos se conservan)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCommunity(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  app.get(
    "/companies/fincas/view/:id",
    {
      config: { roles: [administrador, gremio, colegio, portero] },
      schema: {
        tags: ["communities"],
        summary: "Una comunidad: datos, contadores, permisos del usuario y menú del panel",
        params: idParamsSchema,
        response: { 200: communityViewResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      finca: await viewCommunity(app.db, actorOf(request), request.params.id),
    }),
  );

  app.post(
    "/companies/fincas/update",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["communities"],
        summary: "Edita los datos de una comunidad (solo los campos enviados)",
        body: communityUpdateSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await updateCommunity(app.db, actorOf(request), request.body);
      return { result: true as const };
    },
  );
};
