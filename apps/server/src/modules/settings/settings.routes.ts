import {
  assignedSettingSchema,
  errorResponses,
  idParamsSchema,
  okEnvelope,
  settingWriteSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_ROLE, actorOf } from "../../plugins/auth.js";
import { addSetting, editSetting, listSettings } from "./settings.service.js";

const errors = errorResponses(400, 401, 403, 404);
const idParams = idParamsSchema;

/** Assigned settings (accepted-legal); reachable before the legal notice is accepted, to accept it. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings/assigned-settings/all/:id",
    {
      config: { roles: ANY_ROLE, beforeLegal: true },
      schema: {
        tags: ["settings"],
        summary: "Ajustes asignados al usuario (solo los propios)",
        params: idParams,
        response: { 200: okEnvelope(z.array(assignedSettingSchema)), ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await listSettings(app.db, actorOf(request), request.params.id),
    }),
  );

  app.post(
    "/settings/assigned-settings/add",
    {
      config: { roles: ANY_ROLE, beforeLegal: true },
      schema: {
        tags: ["settings"],
        summary: "Asigna un ajuste al usuario (accepted-legal = 'true' registra la aceptación de las condiciones)",
        body: settingWriteSchema,
        response: { 200: okEnvelope(assignedSettingSchema), ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await addSetting(app.db, actorOf(request), request.body) }),
  );

  app.post(
    "/settings/assigned-settings/edit/:id",
    {
      config: { roles: ANY_ROLE, beforeLegal: true },
      schema: {
        tags: ["settings"],
        summary: "Cambia el valor de un ajuste propio",
        params: idParams,
        body: settingWriteSchema,
        response: { 200: okEnvelope(assignedSettingSchema), ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await editSetting(app.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
