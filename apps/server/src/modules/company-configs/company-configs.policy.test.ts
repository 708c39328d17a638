import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { callerOf, ROLE_NAMES } from "../../../test/policy-callers.js";
import { type CompanyConfigAction, companyConfigPolicy } from "./company-configs.policy.js";

const ACTIONS: CompanyConfigAction[] = ["read", "write"];
const TABLE: Record<RoleName, CompanyConfigAction[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: [],
  administrador: [],
  gremio: ["read", "write"],
  portero: [],
  finca: [],
  unknown: [],
};

describe("company configuration: only a provider, its own", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it.each(ROLE_NAMES)("%s", (roleName) => {
    const caller = callerOf(roleName);
    expect(ACTIONS.filter((action) => companyConfigPolicy.can(caller, action, undefined))).toEqual(TABLE[roleName]);
  });
});
