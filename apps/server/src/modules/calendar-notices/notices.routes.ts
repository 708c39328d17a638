import {
  calendarAcknowledgeSchema,
  calendarMonthOfSchema,
  calendarNoticeLinkSchema,
  calendarNoticeResponseSchema,
  calendarNoticesResponseSchema,
  calendarSendResponseSchema,
  calendarSendSchema,
  errorResponses,
  notificationSendResponseSchema,
  notificationSendSchema,
  Role,
} from "@coordina/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../plugins/auth.js";
import type { AccountsContext } from "../accounts/context.js";
import { acknowledgeByLink, noticeByLink } from "./notice-links.service.js";
import { acknowledgeFromCalendar, listNotices, notifyCoincidences, sendNotice } from "./notices.service.js";

const errors = errorResponses(400, 401, 403, 404);
const sendErrors = errorResponses(400, 401, 403, 404, 409);
const linkErrors = errorResponses(400, 404, 429);
const { administrador, colegio, gremio } = Role;

/**
 * The notices of a calendar's coincidences (issue 22): made and sent by the provider whose visit
 * coincides, answered 'Enterado' by the other (from the calendar or from the mail's link, without a
 * session), read per month by the community's administrator and colegio.
 */
export const calendarNoticesRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  app.post(
    "/companies/calendar-fincas/send",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Crea los avisos de las coincidencias elegidas de una entrada propia (una vez por coincidencia)",
        body: calendarSendSchema,
        response: { 200: calendarSendResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      notifications: await notifyCoincidences(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    "/notify/notification-queues/send",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Envía por e-mail un aviso de coincidencia al otro proveedor y al administrador (una sola vez)",
        body: notificationSendSchema,
        response: { 200: notificationSendResponseSchema, ...sendErrors },
      },
    },
    async (request) => ({ result: true as const, event: await sendNotice(ctx, actorOf(request), request.body.id) }),
  );

  app.post(
    "/companies/calendar-fincas/acknowledge",
    {
      config: { roles: [gremio] },
      schema: {
        tags: ["calendar"],
        summary: "'Enterado': el proveedor avisado deja constancia de que ha recibido el aviso",
        body: calendarAcknowledgeSchema,
        response: { 200: calendarNoticeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await acknowledgeFromCalendar(app.db, actorOf(request), request.body.id),
    }),
  );

  app.post(
    "/companies/calendar-fincas/notices",
    {
      config: { roles: [administrador, colegio, gremio] },
      schema: {
        tags: ["calendar"],
        summary: "Avisos de coincidencias del mes en la comunidad: enviados, entregados y contestados",
        body: calendarMonthOfSchema,
        response: { 200: calendarNoticesResponseSchema, ...errors },
      },
    },
    async (request) => ({ result: true as const, data: await listNotices(app.db, actorOf(request), request.body) }),
  );

  // ── The mail's 'Enterado' link (public) ──
  app.post(
    "/calendar/notice-link",
    {
      config: { public: true },
      schema: {
        tags: ["calendar"],
        summary: "El aviso de coincidencia que nombra el enlace de su e-mail",
        body: calendarNoticeLinkSchema,
        response: { 200: calendarNoticeResponseSchema, ...linkErrors },
      },
    },
    async (request) => ({ result: true as const, data: await noticeByLink(app.db, request.body.token, request.ip) }),
  );

  app.post(
    "/calendar/acknowledge-link",
    {
      config: { public: true },
      schema: {
        tags: ["calendar"],
        summary: "'Enterado' desde el enlace del e-mail del aviso",
        body: calendarNoticeLinkSchema,
        response: { 200: calendarNoticeResponseSchema, ...linkErrors },
      },
    },
    async (request) => ({
      result: true as const,
      data: await acknowledgeByLink(app.db, request.body.token, request.ip),
    }),
  );
};
