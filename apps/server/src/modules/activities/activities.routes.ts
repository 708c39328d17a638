import {
  activitiesAllSchema,
  activitiesIndexSchema,
  activitiesPageSchema,
  activityExistsResponseSchema,
  activityNameSchema,
  activitySchema,
  errorResponses,
  idParamsSchema,
  okEnvelope,
  okResultSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import { ACTIVITY_ROLES } from "./activities.policy.js";
import { activityExists, addActivity, everyActivity, listActivities, removeActivity } from "./activities.service.js";

const errors = errorResponses(400, 401, 403, 404, 409);

/** The colegio's activities (spec 01 §7: companies/activities/*). */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies/activities/index",
    {
      config: { roles: ACTIVITY_ROLES.edit, readOnly: true },
      schema: {
        tags: ["activities"],
        summary: "Actividades del colegio (paginado, con el número de proveedores de cada una)",
        body: activitiesIndexSchema,
        response: { 200: activitiesPageSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, ...(await listActivities(app.db, actorOf(request), request.body)) }),
  );

  for (const method of ["get", "post"] as const) {
    app[method](
      "/companies/activities/all",
      {
        config: { roles: ACTIVITY_ROLES.read },
        schema: {
          tags: ["activities"],
          summary: "Todas las actividades del colegio, por nombre",
          response: { 200: activitiesAllSchema, ...errors },
        },
      },
      async (request) => ({ result: true as const, data: await everyActivity(app.db, actorOf(request)) }),
    );
  }

  for (const path of ["/companies/activities/exists", "/companies/activities/validate"]) {
    app.post(
      path,
      {
        config: { roles: ACTIVITY_ROLES.edit },
        schema: {
          tags: ["activities"],
          summary: "¿Existe ya esa actividad en el colegio? (sin distinguir mayúsculas)",
          body: activityNameSchema,
          response: { 200: activityExistsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: true as const,
        ...(await activityExists(app.db, actorOf(request), request.body.name)),
      }),
    );
  }

  app.post(
    "/companies/activities/add",
    {
      config: { roles: ACTIVITY_ROLES.edit },
      schema: {
        tags: ["activities"],
        summary: "Añade una actividad al colegio (409 si ya existe)",
        body: activityNameSchema,
        response: { 200: okEnvelope(activitySchema), ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await addActivity(app.db, actorOf(request), request.body.name),
    }),
  );

  app.post(
    "/companies/activities/delete/:id",
    {
      config: { roles: ACTIVITY_ROLES.edit },
      schema: {
        tags: ["activities"],
        summary: "Borra una actividad del colegio; sus proveedores dejan de tenerla",
        params: idParamsSchema,
        response: { 200: okResultSchema, ...errors },
      },
    },
    async (request) => {
      await removeActivity(app.db, actorOf(request), request.params.id);
      return { result: true as const };
    },
  );
};
