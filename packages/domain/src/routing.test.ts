import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES } from "./constants.js";
import { NOT_LOGGED_IN, Role } from "./roles.js";
import { startPageFor } from "./routing.js";

describe("start page by role", () => {
  it.each([
    [Role.master, "/master/colegios"],
    [Role.colegio, "/admin/administradores"],
    [Role.administrador, "/comunidades/index"],
    [Role.gremio, "/comunidades/index"],
    [Role.portero, "/porteros/comunidades/main"],
    [NOT_LOGGED_IN, "/login"],
    [Role.unknown, "/"],
  ])("role %i starts at %s", (role, page) => {
    expect(startPageFor(role, DEFAULT_FEATURES)).toBe(page);
  });

  it("sends a provider to /proveedores/main when pending-tasks is on", () => {
    expect(startPageFor(Role.gremio, [...DEFAULT_FEATURES, "pending-tasks"])).toBe("/proveedores/main");
    expect(startPageFor(Role.administrador, ["pending-tasks"])).toBe("/comunidades/index");
  });
});
