import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { type DashboardAction, dashboardPolicy } from "./dashboard.policy.js";

/** Who reads which dashboard, for every role. */
const TABLE: Record<RoleName, DashboardAction[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: ["colegio"],
  administrador: ["administrador"],
  gremio: [],
  portero: [],
  finca: [],
  unknown: [],
};

describe("dashboardPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  const cases = (Object.entries(TABLE) as [RoleName, DashboardAction[]][]).flatMap(([roleName, allowed]) =>
    (["colegio", "administrador"] as const).map((action) => [roleName, action, allowed.includes(action)] as const),
  );
  it.each(cases)("%s reads the %s dashboard: %s", (roleName, action, allowed) => {
    const caller = { role: Role[roleName], companyId: 100, colegioId: 10 };
    expect(dashboardPolicy.can(caller, action, undefined)).toBe(allowed);
  });
});
