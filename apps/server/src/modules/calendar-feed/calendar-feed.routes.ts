import { calendarFeedResponseSchema, errorResponses, Role } from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import { feedCalendar, feedState, renewFeed } from "./calendar-feed.service.js";

const errors = errorResponses(400, 401, 403);
const { administrador, gremio, portero } = Role;

/** The caller's private iCalendar address (issue 22, item 5). */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/calendar/feed",
    {
      config: { roles: [administrador, gremio, portero] },
      schema: {
        tags: ["calendar"],
        summary:
          "Si el usuario tiene dirección privada de calendario (iCalendar) y desde cuándo; la dirección no se guarda",
        response: { 200: calendarFeedResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await feedState(app.db, actorOf(request)) }),
  );

  app.post(
    "/calendar/feed/renew",
    {
      config: { roles: [administrador, gremio, portero] },
      schema: {
        tags: ["calendar"],
        summary:
          "Crea una dirección privada de calendario (iCalendar) nueva, que se muestra esta vez; la anterior deja de funcionar",
        response: { 200: calendarFeedResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await renewFeed(app.db, actorOf(request), app.config.publicUrl),
    }),
  );
};

const feedParams = z.object({ token: z.string().max(100) });

/**
 * `/ical/{token}.ics`: the feed itself, for calendar apps, which carry no session: outside the API, open,
 * the secret address being the key. A refusal says nothing of why.
 */
export const icalFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/ical/:token.ics", { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const params = feedParams.safeParse(request.params);
    const text = params.success ? await feedCalendar(app.db, params.data.token, request.ip) : undefined;
    if (text === undefined) {
      return reply
        .status(404)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send("No encontrado.");
    }
    return reply
      .type("text/calendar; charset=utf-8")
      .header("cache-control", "private, max-age=300")
      .header("content-disposition", 'inline; filename="coordina.ics"')
      .send(text);
  });
};
