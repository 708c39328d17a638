import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, callerOf, ME, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import { type InclusionAction, inclusionPolicy } from "./inclusion.policy.js";

/**
 * The inclusion policy as one table over every role: what each may do with a request of its own company
 * to colegio A (the colegio caller's own), and with another company's request to colegio B.
 */
const MINE = { providerCompanyId: ME, colegioId: COLEGIO_A };
const THEIRS = { providerCompanyId: OTHER, colegioId: COLEGIO_B };

const EXPECTED: Record<RoleName, InclusionAction[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: ["review", "decide"],
  administrador: [],
  gremio: ["ask", "withdraw"],
  portero: [],
  finca: [],
  unknown: [],
};

describe("inclusion policy", () => {
  for (const name of ROLE_NAMES) {
    it(`${name}: ${EXPECTED[name].join(", ") || "nothing"}, and nothing on another's request`, () => {
      const caller = callerOf(name);
      const allowed = (["ask", "withdraw", "review", "decide"] as const).filter((action) =>
        inclusionPolicy.can(caller, action, action === "ask" || action === "review" ? undefined : MINE),
      );
      expect(allowed).toEqual(EXPECTED[name]);
      expect(inclusionPolicy.can(caller, "withdraw", THEIRS)).toBe(false);
      expect(inclusionPolicy.can(caller, "decide", THEIRS)).toBe(false);
      expect(inclusionPolicy.can(caller, "withdraw", undefined)).toBe(false);
      expect(inclusionPolicy.can(caller, "decide", undefined)).toBe(false);
    });
  }
});
