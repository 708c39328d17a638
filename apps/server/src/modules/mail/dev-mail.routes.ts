import {
  appConfigSchema,
  errorResponses,
  idParamsSchema,
  okEnvelope,
  outboxMessageSchema,
  outboxRowSchema,
} from "@coordina/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/app-error.js";
import { outboxMessage, recentMessages } from "./dev-mail.service.js";

/**
 * The development mail viewer is on in development mode, and in demo mode while no SMTP server is set
 * (the embedded default, whose mail has nowhere else to go). An installation that sends real mail
 * never shows it: it is public and its messages carry live links.
 */
export function mailViewerEnabled(config: { demo: boolean; development: boolean; smtpUrl?: string | undefined }) {
  return config.development || (config.demo && config.smtpUrl === undefined);
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Headers a proxy adds when it forwards someone else's request. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "via", "x-forwarded-host"];

/**
 * A client on this machine: both the socket's peer and the client a trusted proxy names are loopback
 * addresses, and no proxy says it forwarded the request (a proxy on this machine forwarding someone else,
 * with or without X-Forwarded-For, is not this machine). A proxy that forwards without saying so cannot be
 * told apart: docs/operations.md asks proxies to send X-Forwarded-For.
 */
function isLoopbackClient(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? "") && LOOPBACK.test(request.ip);
}

/** `GET /app/config`: what the web app needs to know about this deployment before anyone logs in. */
export const appInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/config",
    {
      config: { public: true },
      schema: {
        tags: ["app"],
        summary: "Modo de la instalación (visor de correo de desarrollo, modo desarrollo, demo, SMTP)",
        response: { 200: okEnvelope(appConfigSchema) },
      },
    },
    async (request) => ({
      result: true as const,
      data: {
        mailViewer: mailViewerEnabled(app.config) && isLoopbackClient(request),
        development: app.config.development,
        demo: app.config.demo,
        smtp: app.config.smtpUrl !== undefined,
      },
    }),
  );
};

/**
 * The outbox, readable without a session so that an invitee can open the link in a demo. Registered only
 * in demo/development mode, and answered only to clients on this machine: its messages carry live links
 * (password recovery among them). Elsewhere, and to anyone else, these paths answer 404.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request) => {
    if (!isLoopbackClient(request)) throw notFound();
  });

  app.get(
    "/dev/mail/messages",
    {
      config: { public: true },
      schema: {
        tags: ["dev"],
        summary: "Buzón de correo de desarrollo: los 100 mensajes más recientes",
        response: { 200: okEnvelope(z.array(outboxRowSchema)) },
      },
    },
    async () => ({ result: true as const, data: await recentMessages(app.db, 100) }),
  );

  app.get(
    "/dev/mail/messages/:id",
    {
      config: { public: true },
      schema: {
        tags: ["dev"],
        summary: "Un mensaje del buzón de desarrollo, con su texto y su HTML",
        params: idParamsSchema,
        response: { 200: okEnvelope(outboxMessageSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ result: true as const, data: await outboxMessage(app.db, request.params.id) }),
  );
};
