import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { callerOf, companyOf, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import { type ScheduleAction, schedulePolicy } from "./schedules.policy.js";

/** The weekly schedules' policy for every role, on the caller's own company's schedules and another's. */
type Whose = "own" | "other";
const ACTIONS: ScheduleAction[] = ["list", "add", "delete"];

const TABLE: Record<RoleName, Whose[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: [],
  administrador: [],
  gremio: ["own"],
  portero: [],
  finca: [],
  unknown: [],
};

describe("weekly schedules: only a provider, only its own", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it.each(ROLE_NAMES)("%s", (roleName) => {
    const caller = callerOf(roleName);
    for (const action of ACTIONS) {
      const allowed = (["own", "other"] as Whose[]).filter((whose) =>
        schedulePolicy.can(caller, action, { companyId: whose === "own" ? companyOf(caller.role) : OTHER }),
      );
      expect(allowed, action).toEqual(TABLE[roleName]);
    }
  });
});
