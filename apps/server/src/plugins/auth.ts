import { ErrorKey, ROLE_NUMBERS, ROLES_WITH_LEGAL_NOTICE } from "@coordina/domain";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { Actor } from "../lib/actor.js";
import { AppError } from "../lib/app-error.js";
import { hashToken } from "../lib/tokens.js";
import { findLiveSession } from "../modules/auth/auth.repository.js";
import type { SessionCache } from "./session-cache.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** open without a session */
    public?: boolean;
    /** the roles allowed (`ANY_ROLE`: every signed-in role); every route names them or is public (routes.test.ts) */
    roles?: readonly number[];
    /** reachable before the legal notice is accepted (logout, current user, settings) */
    beforeLegal?: boolean;
    /**
     * writes nothing that decides who may do what (a list read): its requests keep the sessions cache,
     * every other request empties it (SessionCache)
     */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** `config.roles` of a route open to every signed-in caller, whatever the role (logout, the session). */
export const ANY_ROLE: readonly number[] = ROLE_NUMBERS;

/**
 * An `onRoute` hook for a scope whose routes a plugin declares (the web app's files, the API description):
 * pages anyone may open, so every route of the scope says `public` like the API's open routes do.
 */
export function declarePublic(route: RouteOptions) {
  route.config = { ...route.config, public: true };
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,200})$/i;

/**
 * Bearer token from `Authentication` (the spec's header) or the standard `Authorization`, always with its
 * `Bearer ` scheme (RFC 6750): a bare token is not one.
 */
function bearerToken(request: FastifyRequest): string | null {
  const raw = request.headers.authentication ?? request.headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  return BEARER.exec(value.trim())?.[1] ?? null;
}

/**
 * `colg_id` travels in the body or the query of every request. It is a transport concern: read and
 * removed here, so route schemas never see it. Absent or -1 (the front end's placeholder) means none.
 */
function takeColegioId(request: FastifyRequest): number | null {
  let raw: unknown;
  for (const source of [request.body, request.query]) {
    if (source && typeof source === "object" && "colg_id" in source) {
      const bag = source as Record<string, unknown>;
      raw ??= bag.colg_id;
      delete bag.colg_id;
    }
  }
  if (raw === undefined || raw === null || raw === "" || raw === -1 || raw === "-1") return null;
  const id =
    typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  // Beyond a PostgreSQL integer no colegio has the id (and the query would fail).
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new AppError(400, ErrorKey.invalidInput);
  return id;
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/**
 * The caller of a live session, once it may use the route: the legal notice accepted where the role
 * requires it (403), an allowed role (403) and membership of the requested colegio (403).
 */
function permittedActor(found: LiveSession, token: string, colegioId: number | null, config: FastifyContextConfig) {
  const actor: Actor = {
    userId: found.user_id,
    email: found.email,
    role: found.user_role,
    companyId: found.company_id,
    sessionId: found.session_id,
    sessionCreated: found.session_created,
    token,
    colegioId: null,
  };
  // Administrators and providers use nothing until they accept the terms (spec 01 §4): enforced here,
  // not only by the web app's redirect to /legal.
  // In a chosen colegio that saved newer conditions of the role, the last acceptance is not enough: they accept
  // again (issue 23 part 4); with none chosen, in each colegio they work in (a request without a colegio reads
  // all of them). A colegio the caller is not in answers its own refusal below, telling nothing.
  const accepted = found.legal_accepted && (found.terms_current || (colegioId !== null && !found.in_colegio));
  if (!accepted && !config.beforeLegal && ROLES_WITH_LEGAL_NOTICE.includes(actor.role)) {
    throw new AppError(403, ErrorKey.legalNotAccepted);
  }
  if (config.roles && !config.roles.includes(actor.role)) throw new AppError(403, ErrorKey.forbidden);
  if (colegioId !== null) {
    if (!found.in_colegio) throw new AppError(403, ErrorKey.colegioForbidden);
    actor.colegioId = colegioId;
  }
  return actor;
}

/**
 * Resolves the caller of every route in this scope before validation: a live session (401), then
 * permittedActor. Routes opt out with `config.public`. A session that let its caller through is kept in
 * `sessions` for the next requests; every request to a route not marked `readOnly` empties it before its
 * answer leaves (SessionCache says why that is exact within this process).
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionCache<LiveSession> }) => {
  const { sessions } = options;
  app.decorateRequest("actor", null);
  app.addHook("preValidation", async (request) => {
    const config = request.routeOptions.config;
    const colegioId = takeColegioId(request);
    if (config.public) return;

    const token = bearerToken(request);
    if (!token) throw new AppError(401, ErrorKey.unauthorized);
    const tokenHash = hashToken(token);
    const key = `${tokenHash} ${colegioId ?? ""}`;
    const kept = sessions.get(key);
    const generation = sessions.generation;
    const found = kept ?? (await findLiveSession(app.db, tokenHash, colegioId));
    if (!found || found.deactivated) throw new AppError(401, ErrorKey.unauthorized);
    const actor = permittedActor(found, token, colegioId, config);
    // Kept once it let its caller through; each request checks its own route's roles and notice against it.
    if (!kept) sessions.keep(key, found, generation, found.session_expires);
    request.actor = actor;
  });
  app.addHook("onSend", async (request) => {
    if (!request.routeOptions.config.readOnly) sessions.empty();
  });
});

/** The caller of a protected route (the hook guarantees it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(401, ErrorKey.unauthorized);
  return request.actor;
}
