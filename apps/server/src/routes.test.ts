import fs from "node:fs";
import path from "node:path";
import Fastify, { type RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testConfig } from "../test/helpers.js";
import { buildApp } from "./app.js";

/**
 * Every route names who may call it (DESIGN.md §7, "One way in for permissions"): `config.public`, or a
 * non-empty `config.roles` (`ANY_ROLE` for every signed-in role). A route that says neither would be open
 * to any signed-in caller without anyone having decided so.
 */
function routesWithoutRoles(routes: readonly RouteOptions[]): string[] {
  return routes
    .filter((route) => {
      const config = route.config as { public?: unknown; roles?: unknown } | undefined;
      return !(config?.public === true || (Array.isArray(config?.roles) && config.roles.length > 0));
    })
    .map((route) => `${[route.method].flat().join(",")} ${route.url}`);
}

/** Every route of the whole app as it is declared (the objects the later `onRoute` hooks complete). */
async function declaredRoutes(options: { webBuilt: boolean }) {
  const config = testConfig({ DEMO: "1" }); // demo without SMTP: the mail viewer's routes are there too
  if (options.webBuilt) fs.writeFileSync(path.join(config.webDist, "index.html"), "<!doctype html>");
  const database = await createTestDatabase();
  const routes: RouteOptions[] = [];
  const app = await buildApp({ config, database, logger: false, onRoute: (route) => routes.push(route) });
  try {
    await app.ready();
  } finally {
    await app.close();
    await database.close();
  }
  return routes;
}

describe("every route names its roles", () => {
  it.each([{ webBuilt: true }, { webBuilt: false }])("in the whole app (%o)", async (options) => {
    const routes = await declaredRoutes(options);
    const urls = routes.map((route) => route.url);
    // The listing is the whole app: the API, its open routes and those outside the signed-in scope.
    expect(routes.length).toBeGreaterThan(100);
    for (const url of ["/health", "/companies/users/login", "/companies/activities/add", "/dev/mail/messages"])
      expect(urls).toContain(url);
    expect(urls).toContain("/api-docs");
    expect(urls).toContain("/webapp/*");
    expect(routesWithoutRoles(routes)).toEqual([]);
  });

  it("names each route that says neither, on a deliberately broken app", async () => {
    const routes: RouteOptions[] = [];
    const app = Fastify({ logger: false });
    app.addHook("onRoute", (route) => {
      routes.push(route);
    });
    const ok = async () => ({ result: true });
    app.get("/abierta", { config: { public: true } }, ok);
    app.get("/colegio", { config: { roles: [10] } }, ok);
    app.get("/sin-roles", ok);
    app.post("/roles-vacios", { config: { roles: [] } }, ok);
    app.post("/publica-a-medias", { config: { public: false } }, ok);
    await app.ready();
    await app.close();

    expect(routesWithoutRoles(routes)).toEqual([
      "GET /sin-roles",
      "HEAD /sin-roles",
      "POST /roles-vacios",
      "POST /publica-a-medias",
    ]);
  });
});
