import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { type ActivityAction, activityPolicy } from "./activities.policy.js";

/** Who edits and who reads the colegio's activities, for every role, as one table. */
const TABLE: Record<RoleName, ActivityAction[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: ["edit", "read"],
  administrador: ["read"],
  gremio: [],
  portero: [],
  finca: [],
  unknown: [],
};

describe("activityPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  it.each(Object.entries(TABLE) as [RoleName, ActivityAction[]][])("%s: %j", (roleName, allowed) => {
    const caller = { role: Role[roleName], companyId: 100, colegioId: null };
    for (const action of ["edit", "read"] as const) {
      expect(activityPolicy.can(caller, action, undefined), action).toBe(allowed.includes(action));
    }
  });
});
