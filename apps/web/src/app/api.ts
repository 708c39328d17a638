import { ErrorKey } from "@coordina/domain";
import { session } from "./session";

/**
 * A failed call: `key` is the server's i18n key (or the generic one for unexpected failures), `params` the
 * values its text names when the server sent them ('Cabecera {{title}} no encontrada en la excel').
 */
export class ApiError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    readonly params?: Record<string, string>,
  ) {
    super(key);
  }
  /** Thrown failures (network, 5xx) show the generic dialog; answered ones their own text. */
  get unexpected() {
    return this.status === 0 || this.status >= 500;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/** An answer's error envelope, as far as it can be read: `{result:false, error, params?}`. */
export interface Envelope {
  result?: boolean;
  error?: string;
  params?: unknown;
}

/** The envelope's `params` when they are an object of texts, else undefined. */
export function paramsOf(envelope: Envelope | null | undefined): Record<string, string> | undefined {
  const params = envelope?.params;
  if (!params || typeof params !== "object" || Array.isArray(params)) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

let onLegalNotAccepted: () => void = () => {};
/** Called when a logged-in call answers 403 legal.not-accepted (the user must accept the terms first). */
export function setLegalNotAcceptedHandler(handler: () => void) {
  onLegalNotAccepted = handler;
}

/** The current colegio's id, sent as `colg_id` on every call; undefined when none is chosen. */
export function colegioId(): number | undefined {
  const id = session.get()?.colegio.id;
  return id !== undefined && id > 0 ? id : undefined;
}

/** The bearer token of a call: the given one, or the stored session's. */
export function authorizationHeaders(token?: string): Record<string, string> {
  const bearer = token ?? session.get()?.token;
  return bearer ? { Authentication: `Bearer ${bearer}` } : {};
}

/**
 * What every failed answer of a logged-in call does besides throwing: a 401 ends the session, a 403
 * legal.not-accepted sends the user to the legal notice. Also used by calls made outside `api` (uploads).
 */
export function reportFailure(status: number, error: string | undefined) {
  if (!session.get()) return;
  if (status === 401) onUnauthorized();
  if (status === 403 && error === ErrorKey.legalNotAccepted) onLegalNotAccepted();
}

/**
 * Every call carries the bearer token in `Authentication` and the current colegio as `colg_id` (query
 * for GET, body for the rest). An answer other than 2xx throws ApiError with the server's error key.
 */
async function send(method: "GET" | "POST", path: string, payload?: object, token?: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...authorizationHeaders(token) };

  let url = path.startsWith("/") ? path : `/${path}`;
  let body: string | undefined;
  const colg = colegioId();
  if (method === "GET") {
    const query = new URLSearchParams();
    // A call made before the session is stored (right after login) may name its colegio itself.
    for (const [k, v] of Object.entries({ ...(payload as Query), ...(colg !== undefined ? { colg_id: colg } : {}) })) {
      if (v !== undefined) query.set(k, String(v));
    }
    const qs = query.toString();
    if (qs) url += `?${qs}`;
  } else {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify({ ...payload, ...(colg ? { colg_id: colg } : {}) });
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body });
  } catch {
    throw new ApiError(ErrorKey.generic, 0);
  }
  if (!response.ok) {
    let envelope: Envelope | undefined;
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      envelope = undefined;
    }
    const error = envelope?.error;
    reportFailure(response.status, error);
    throw new ApiError(error ?? ErrorKey.generic, response.status, paramsOf(envelope));
  }
  return response;
}

/** A JSON call: the envelope, or ApiError when it says `result: false` or cannot be read. */
async function request<T>(method: "GET" | "POST", path: string, payload?: object, token?: string): Promise<T> {
  const response = await send(method, path, payload, token);
  let json: Envelope | undefined;
  try {
    json = (await response.json()) as Envelope;
  } catch {
    json = undefined;
  }
  if (!json || json.result === false)
    throw new ApiError(json?.error ?? ErrorKey.generic, response.status, paramsOf(json));
  return json as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, query),
  /** A file the API answers (a CSV summary…), as the raw response. */
  getFile: (path: string, query?: Query) => send("GET", path, query),
  post: <T>(path: string, body?: object) => request<T>("POST", path, body ?? {}),
  /** A call made with a given token, for a session that is not (or no longer) stored on this device. */
  getWithToken: <T>(token: string, path: string, query?: Query) => request<T>("GET", path, query, token),
  postWithToken: <T>(token: string, path: string, body?: object) => request<T>("POST", path, body ?? {}, token),
};
