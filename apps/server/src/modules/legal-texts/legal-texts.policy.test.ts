import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { callerOf, ROLE_NAMES } from "../../../test/policy-callers.js";
import { type LegalTextsAction, legalTextsPolicy } from "./legal-texts.policy.js";

const ACTIONS: LegalTextsAction[] = ["edit", "accept"];
const TABLE: Record<RoleName, LegalTextsAction[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: ["edit"],
  administrador: ["accept"],
  gremio: ["accept"],
  portero: [],
  finca: [],
  unknown: [],
};

describe("legal texts: the colegio edits its own, administrators and providers accept", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it.each(ROLE_NAMES)("%s", (roleName) => {
    const caller = callerOf(roleName, 10);
    expect(ACTIONS.filter((action) => legalTextsPolicy.can(caller, action, undefined))).toEqual(TABLE[roleName]);
  });
});
