import {
  communityProviderAddCifSchema,
  communityProviderAddedSchema,
  communityProviderAddSchema,
  communityProviderPairSchema,
  communityProvidersIndexSchema,
  communityProvidersPageSchema,
  errorResponses,
  idParamsSchema,
  okResultSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import {
  addPair,
  addProvider,
  addProviderByCif,
  listCommunityProviders,
  removeProvider,
} from "./community-providers.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);
const { administrador, colegio } = Role;

/** The providers of a community (spec 02 §7 'Community providers'). */
export const communityProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies-providers/index",
    {
      config: { roles: [administrador, colegio], readOnly: true },
      schema: {
        tags: ["community-providers"],
        summary: "Proveedores de una comunidad (idFinca), con sus cifras de subida y lectura",
        body: communityProvidersIndexSchema,
        response: { 200: communityProvidersPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await listCommunityProviders(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies-providers/add",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["community-providers"],
        summary: "Añade un proveedor del colegio (id_provider) a la comunidad id_company",
        body: communityProviderAddSchema,
        response: { 200: communityProviderAddedSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await addProvider(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/companies-providers/addcif",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["community-providers"],
        summary: "Añade un proveedor por su NIF/CIF a la comunidad id_company",
        body: communityProviderAddCifSchema,
        response: { 200: communityProviderAddedSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await addProviderByCif(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/companies-providers/delete/:id",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["community-providers"],
        summary: "Quita un proveedor de una comunidad (id del vínculo; sus documentos se conservan)",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await removeProvider(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );

  app.post(
    "/companies-providers/addfincaproviderpair",
    {
      config: { roles: [administrador] },
      schema: {
        tags: ["community-providers"],
        summary: "Asocia proveedor y comunidad por sus NIF/CIF (importación de parejas)",
        body: communityProviderPairSchema,
        response: { 200: communityProviderAddedSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await addPair(app.db, actorOf(request), request.body) }),
  );
};
