import {
  appConfigSchema,
  errorEnvelopeSchema,
  okEnvelope,
  outboxMessageSchema,
  outboxRowSchema,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/app-error.js";
import { findOutbox, listOutbox } from "./outbox.repository.js";

/**
 * The development mail viewer is on in development mode, and in demo mode while no SMTP server is set
 * (the embedded default, whose mail has nowhere else to go). An installation that sends real mail
 * never shows it: it is public and its messages carry live links.
 */
export function mailViewerEnabled(config: { demo: boolean; development: boolean; smtpUrl?: string | undefined }) {
  return config.development || (config.demo && config.smtpUrl === undefined);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
    async () => ({
      result: true as const,
      data: {
        mailViewer: mailViewerEnabled(app.config),
        development: app.config.development,
        demo: app.config.demo,
        smtp: app.config.smtpUrl !== undefined,
      },
    }),
  );
};

/**
 * The outbox, readable without a session so that an invitee can open the link in a demo. Registered only
 * in demo/development mode; elsewhere these paths answer 404.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/mail/messages",
    {
      config: { public: true },
      schema: {
        tags: ["dev"],
        summary: "Buzón de correo de desarrollo: los 100 mensajes más recientes",
        response: { 200: z.object({ result: z.literal(true), data: z.array(outboxRowSchema) }) },
      },
    },
    async () => {
      const rows = await listOutbox(app.db, 100);
      return {
        result: true as const,
        data: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          kind: r.kind,
          status: r.status,
          attempts: r.attempts,
          created: r.created.toISOString(),
          sent_at: iso(r.sentAt),
        })),
      };
    },
  );

  app.get(
    "/dev/mail/messages/:id",
    {
      config: { public: true },
      schema: {
        tags: ["dev"],
        summary: "Un mensaje del buzón de desarrollo, con su texto y su HTML",
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: okEnvelope(outboxMessageSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const row = await findOutbox(app.db, request.params.id);
      if (!row) throw notFound();
      return {
        result: true as const,
        data: {
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          kind: row.kind,
          status: row.status,
          attempts: row.attempts,
          created: row.createdAt.toISOString(),
          sent_at: iso(row.sentAt),
          text: row.text,
          html: row.html,
        },
      };
    },
  );
};
