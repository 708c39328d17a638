import {
  errorResponses,
  fileEditSchema,
  fileLinksSchema,
  fileSavedSchema,
  fileUploadedSchema,
  idParamsSchema,
  Role,
} from "@coordina/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../plugins/auth.js";
import { holdAnswerUntilBodyRead } from "../../plugins/unread-body.js";
import { acceptUpload } from "./accept-upload.js";
import { FILE_KEY_COOKIE, fileKeyCookieName, openLink, purgeOldLinks, retrieveFile } from "./file-links.service.js";
import { CACHED_BLOB_MAX_BYTES, type FileStore } from "./file-store.js";
import { editFile, fileUploadPlan } from "./files.service.js";
import { scheduleSweeps } from "./sweep.js";

const { administrador, colegio, gremio, portero } = Role;
const everyone = [administrador, colegio, gremio, portero];

/** The values of the request's cookies whose name starts with `prefix` (base64url values: no decoding). */
function cookieValues(request: FastifyRequest, prefix: string): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim().startsWith(prefix)) values.push(pair.slice(at + 1).trim());
  }
  return values;
}

/** Upload, edit and links of files (spec 02 §7 'Documents', 'PDF'). */
export const filesRoutes: FastifyPluginAsyncZod<{ store: FileStore }> = async (app, { store }) => {
  // Loose files never attached, blobs without a record, crash leftovers and old upload receipts.
  const sweeps = scheduleSweeps(app.db, store, app.log);
  app.addHook("onReady", async () => sweeps.start());
  app.addHook("onClose", async () => sweeps.stop());
  // A refused upload answers once the client has sent its whole body (plugins/unread-body.ts).
  app.addHook("onSend", holdAnswerUntilBodyRead);

  const uploadRoute = (url: string, summary: string, definitionRequired: boolean) =>
    app.post(
      url,
      {
        config: { roles: everyone },
        schema: {
          tags: ["files"],
          summary,
          consumes: ["multipart/form-data"],
          response: { 200: fileUploadedSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return acceptUpload(request, store, app.db, actor, fileUploadPlan(app.db, actor, { definitionRequired }));
      },
    );
  uploadRoute(
    "/file-manager/fileupload/upload",
    "Sube un PDF (multipart: docDefinitionId opcional, idempotencyKey opcional, y el fichero); con docDefinitionId queda como plantilla de esa definición",
    false,
  );
  uploadRoute(
    "/plantillas-docs/add",
    "Nueva plantilla de una definición (multipart: docDefinitionId, idempotencyKey opcional, y el PDF)",
    true,
  );

  app.post(
    "/file-manager/fileupload/edit/:id",
    {
      config: { roles: everyone },
      schema: {
        tags: ["files"],
        summary: "Cambia nombre, caducidad y descripción de un fichero",
        params: idParamsSchema,
        body: fileEditSchema,
        response: { 200: fileSavedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: true as const,
      file: await editFile(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    "/file-manager/fileload/retrieve/:id",
    {
      config: { roles: everyone },
      schema: {
        tags: ["files"],
        summary: "Datos de un fichero y sus enlaces de vista (/s/) y descarga (/d/), de vida corta",
        params: idParamsSchema,
        response: { 200: fileLinksSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { links, newKey } = await retrieveFile(
        app.db,
        actor,
        request.params.id,
        cookieValues(request, FILE_KEY_COOKIE),
      );
      if (newKey) {
        const secure = app.config.publicUrl.startsWith("https://") ? "; Secure" : "";
        reply.header(
          "set-cookie",
          `${fileKeyCookieName(newKey)}=${newKey}; Path=/; HttpOnly; SameSite=Strict${secure}`,
        );
      }
      reply.header("cache-control", "no-store");
      return { result: true as const, data: links };
    },
  );
};

const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** The page a browser shows when a link does not work for it. */
function linkRefused(reply: FastifyReply) {
  return reply
    .status(403)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(
      `<!doctype html><html lang="es"><meta charset="utf-8"><title>Coordina</title>` +
        `<p>El enlace ha caducado o no es tuyo. Vuelve a abrir el documento desde el portal.</p></html>`,
    );
}

/** RFC 6266 file name: an ASCII fallback and the UTF-8 name. */
function disposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One byte range of a `Range: bytes=a-b` header, or null for none or an unusable one. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * `/s/{token}` (view in the browser) and `/d/{token}` (download): public paths, since a new tab carries
 * no bearer token; the link works only with the file key cookie of the session that asked for it.
 */
export const fileLinkRoutes: FastifyPluginAsyncZod<{ store: FileStore }> = async (app, { store }) => {
  // Expired links are forgotten once an hour (a day after they stopped working).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    sweeper = setInterval(() => void purgeOldLinks(app.db).catch(() => {}), 60 * 60 * 1000);
    sweeper.unref();
  });
  app.addHook("onClose", async () => clearInterval(sweeper));

  const serve = (kind: "inline" | "attachment") => async (request: FastifyRequest, reply: FastifyReply) => {
    const params = tokenParams.safeParse(request.params);
    const file = params.success
      ? await openLink(app.db, params.data.token, cookieValues(request, FILE_KEY_COOKIE))
      : undefined;
    if (!file) return linkRefused(reply);
    const { size } = file;
    const rangeHeader = request.headers.range as string | undefined;
    const range = parseRange(rangeHeader, size);
    if (
      rangeHeader &&
      !range &&
      /^bytes=\d+-/.test(rangeHeader.trim()) &&
      Number(/\d+/.exec(rangeHeader)![0]) >= size
    ) {
      return reply.status(416).header("content-range", `bytes */${size}`).send();
    }
    reply
      .header("content-type", file.ftype)
      .header("content-disposition", disposition(kind, file.name))
      .header("accept-ranges", "bytes")
      .header("cache-control", "private, no-store")
      .header("etag", `"${file.sha256}"`);
    if (range) {
      reply
        .status(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
        .header("content-length", range.end - range.start + 1);
      return reply.send(store.read(file.sha256, range));
    }
    reply.header("content-length", size);
    return reply.send(size <= CACHED_BLOB_MAX_BYTES ? await store.load(file.sha256) : store.read(file.sha256));
  };
  app.get("/s/:token", { config: { public: true }, schema: { hide: true } }, serve("inline"));
  app.get("/d/:token", { config: { public: true }, schema: { hide: true } }, serve("attachment"));
};
