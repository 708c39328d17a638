import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { masterPolicy } from "./master.policy.js";

/** Who uses the master's pages (its colegios, the dashboard, inviting a colegio), for every role. */
const TABLE: Record<RoleName, boolean> = {
  superadministrator: true,
  master: true,
  sat: false,
  colegio: false,
  administrador: false,
  gremio: false,
  portero: false,
  finca: false,
  unknown: false,
};

describe("masterPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  it.each(Object.entries(TABLE) as [RoleName, boolean][])("%s manages colegios: %s", (roleName, allowed) => {
    const caller = { role: Role[roleName], companyId: 100, colegioId: null };
    expect(masterPolicy.can(caller, "manageColegios", undefined)).toBe(allowed);
  });
});
