import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { declarePublic } from "./auth.js";

/**
 * The built web app under /webapp/. Vite's hashed assets are immutable and cached for a year;
 * index.html is revalidated on every load so a new release is picked up at once.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  // The web app's pages are not part of the API: out of its description, and open to anyone.
  const page = { schema: { hide: true }, config: { public: true } };
  app.get("/", { ...page, logLevel: "warn" }, (_request, reply) => reply.redirect("/webapp/", 302));
  app.get("/webapp", page, (_request, reply) => reply.redirect("/webapp/", 301));

  if (!fs.existsSync(path.join(webDist, "index.html"))) {
    app.log.warn({ webDist }, "web app not built; /webapp/ answers 503 (run `npm run build`)");
    app.get("/webapp/*", page, (_request, reply) =>
      reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("La aplicación web no está construida. Ejecuta `npm run build` y reinicia el servidor."),
    );
    return;
  }
  await app.register(async (web) => {
    web.addHook("onRoute", declarePublic);
    await web.register(fastifyStatic, {
      root: webDist,
      prefix: "/webapp/",
      wildcard: true,
      index: ["index.html"],
      // the brotli or gzip copy the browser accepts, made at build time (scripts/precompress.mjs)
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // a shared cache keeps one copy per encoding, and never sends brotli to a browser that did not ask
        res.setHeader("Vary", "Accept-Encoding");
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        } else {
          res.setHeader("Cache-Control", "no-cache");
        }
      },
    });
  });
}
