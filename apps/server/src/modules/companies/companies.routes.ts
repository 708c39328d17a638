import {
  colegioUpdateResponseSchema,
  colegioUpdateSchema,
  companiesIndexSchema,
  companiesPageSchema,
  companyUpdateSchema,
  companyViewResponseSchema,
  errorResponses,
  idBodySchema,
  idParamsSchema,
  includeCompanySchema,
  nifLookupResponseSchema,
  nifLookupSchema,
  okEnvelope,
  okResultSchema,
  providerActivitiesIndexSchema,
  providerActivitiesPageSchema,
  providerSummaryIndexSchema,
  providerSummaryPageSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_ROLE, actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { colegioUpdate } from "./colegio-update.service.js";
import { setCompanyActive, updateCompanyData, viewCompany } from "./companies.service.js";
import { listCompanies, providerSummary, providersWithActivities } from "./company-lists.service.js";
import { includeInColegio, lookupByTaxId } from "./company-registry.service.js";

const ok = okResultSchema;
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const { administrador, colegio, master, superadministrator } = Role;
/** Who administers companies: the colegio its members, the master (and superadministrator) the colegios. */
const ADMINISTRATORS = [colegio, master, superadministrator];

/** The colegio's and the master's company administration (spec 01 §7). */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const lists = [
    { path: "/companies/companies/index", type: undefined, summary: "Compañías de un tipo (type): 15, 20 o 10" },
    { path: "/companies/colegio/index", type: undefined, summary: "Compañías del colegio de un tipo (type)" },
    { path: "/companies/colegio-providers/index", type: Role.gremio, summary: "Proveedores del colegio" },
    { path: "/companies/providers/index", type: Role.gremio, summary: "Proveedores del colegio" },
  ];
  for (const list of lists) {
    app.post(
      list.path,
      {
        config: { roles: ADMINISTRATORS, readOnly: true },
        schema: {
          tags: ["companies"],
          summary: `${list.summary} (paginado, con cifras de documentos y fincas)`,
          body: companiesIndexSchema,
          response: { 200: companiesPageSchema, ...errors },
        },
      },
      async (request) => ({
        result: true as const,
        ...(await listCompanies(app.db, actorOf(request), { ...request.body, type: list.type ?? request.body.type })),
      }),
    );
  }

  app.get(
    "/companies/companies/view/:id",
    {
      // Every company reads its own; whoever administers it, the others (the service asks the policy).
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["companies"],
        summary: "Una compañía con su gestor y sus actividades en el colegio",
        params: idParamsSchema,
        response: { 200: companyViewResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      company: await viewCompany(app.db, actorOf(request), request.params.id),
    }),
  );

  app.post(
    "/companies/companies/update",
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ["companies"],
        summary: "Datos de la empresa (la propia, o la de un miembro para el colegio)",
        body: companyUpdateSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await updateCompanyData(app.db, actorOf(request), request.body);
      return { result: true as const };
    },
  );

  app.post(
    "/companies/colegio/update",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["companies"],
        summary: "El colegio edita una compañía: nombre, CIF, e-mail del gestor, tipo y actividades",
        body: colegioUpdateSchema,
        response: { 200: colegioUpdateResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await colegioUpdate(ctx, actorOf(request), request.body)) }),
  );

  for (const [action, active] of [
    ["deactivate", false],
    ["activate", true],
  ] as const) {
    app.post(
      `/companies/companies/${action}`,
      {
        config: { roles: ADMINISTRATORS },
        schema: {
          tags: ["companies"],
          summary: active
            ? "Activa una compañía (en el colegio, o un colegio para el master)"
            : "Desactiva una compañía (en el colegio, o un colegio para el master); no se borra nada",
          body: idBodySchema,
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        await setCompanyActive(app.db, actorOf(request), request.body.id, active);
        return { result: true as const };
      },
    );
  }

  app.post(
    "/registry/getntype",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["companies"],
        summary: "Busca por NIF/CIF una compañía ya registrada del tipo dado (formulario por NIF)",
        body: nifLookupSchema,
        response: { 200: nifLookupResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      company: await lookupByTaxId(ctx, actorOf(request), request.body.nif, request.body.type),
    }),
  );

  app.post(
    "/registry/insertCompanyOnColegio",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["companies"],
        summary: "Incluye en el colegio una compañía ya registrada, por su NIF/CIF",
        body: includeCompanySchema,
        response: { 200: okEnvelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await includeInColegio(ctx, actorOf(request), request.body.nif, request.body.type),
    }),
  );

  app.post(
    "/companies/providers/summary",
    {
      config: { roles: [colegio] },
      schema: {
        tags: ["companies"],
        summary: "Resumen de lecturas, subidas y fincas de los proveedores del colegio (paginado)",
        body: providerSummaryIndexSchema,
        response: { 200: providerSummaryPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await providerSummary(app.db, actorOf(request), request.body)),
    }),
  );

  app.post(
    "/companies/admin-fincas/providersActivities",
    {
      config: { roles: [colegio, administrador] },
      schema: {
        tags: ["companies"],
        summary: "Proveedores activos del colegio con sus actividades (filtro por actividad: filteract)",
        body: providerActivitiesIndexSchema,
        response: { 200: providerActivitiesPageSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await providersWithActivities(app.db, actorOf(request), request.body)),
    }),
  );
};
