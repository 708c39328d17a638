import { errorResponses, loginRequestSchema, okEnvelope, okResultSchema, sessionDataSchema } from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ANY_ROLE, actorOf } from "../../plugins/auth.js";
import { type AuthSettings, forgetStaleSignInAttempts, login, logout, sessionData } from "./auth.service.js";

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes: FastifyPluginAsyncZod<{ settings: AuthSettings }> = async (app, { settings }) => {
  // Closed windows and spent locks are forgotten once an hour, so the throttle table stays small.
  let purge: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    purge = setInterval(() => void forgetStaleSignInAttempts(app.db).catch(() => {}), 60 * 60 * 1000);
    purge.unref();
  });
  app.addHook("onClose", async () => clearInterval(purge));

  app.post(
    "/companies/users/login",
    {
      config: { public: true },
      schema: {
        tags: ["auth"],
        summary: "Inicio de sesión con e-mail y contraseña",
        body: loginRequestSchema,
        response: { 200: okEnvelope(sessionDataSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await login(app.db, settings, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      // The answer holds the session's bearer token: no cache, shared or private, may keep it.
      reply.header("cache-control", "no-store");
      return { result: true as const, data };
    },
  );

  app.post(
    "/companies/users/logout",
    {
      config: { roles: ANY_ROLE, beforeLegal: true },
      schema: {
        tags: ["auth"],
        summary: "Cierra la sesión actual (revoca su token)",
        response: { 200: okResultSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await logout(app.db, actorOf(request));
      return { result: true as const };
    },
  );

  app.get(
    "/companies/users/current",
    {
      config: { roles: ANY_ROLE, beforeLegal: true },
      schema: {
        tags: ["auth"],
        summary: "Usuario de la sesión actual, con compañía, colegios y funcionalidades",
        response: { 200: okEnvelope(sessionDataSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { result: true as const, data: await sessionData(app.db, actorOf(request)) };
    },
  );
};
