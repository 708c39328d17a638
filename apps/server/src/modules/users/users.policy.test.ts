import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { type CompanyUsersFacts, companyUsersPolicy, personalDataPolicy } from "./users.policy.js";

/**
 * Whose users each role lists, as one table; the caller's company is ME. A member the colegio deactivated
 * is still its member here: the service answers 403 `memberDeactivated` for it, not a plain refusal.
 */
const ME = 100;
const OTHER = 200;

const COMPANIES = {
  own: { companyId: ME, membership: undefined },
  activeMember: { companyId: OTHER, membership: { erased: false } },
  deactivatedMember: { companyId: OTHER, membership: { erased: true } },
  stranger: { companyId: OTHER, membership: undefined },
} satisfies Record<string, CompanyUsersFacts>;
type CompanyName = keyof typeof COMPANIES;
const ALL_COMPANIES = Object.keys(COMPANIES) as CompanyName[];

const ONLY_OWN: CompanyName[] = ["own"];
const TABLE: Record<RoleName, CompanyName[]> = {
  superadministrator: ONLY_OWN,
  master: ONLY_OWN,
  sat: ONLY_OWN,
  colegio: ["own", "activeMember", "deactivatedMember"],
  administrador: ONLY_OWN,
  gremio: ONLY_OWN,
  portero: ONLY_OWN,
  finca: ONLY_OWN,
  unknown: ONLY_OWN,
};

describe("users policies over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, CompanyName[]][])("%s", (roleName, listed) => {
    const caller = { role: Role[roleName], companyId: ME, colegioId: null };

    it.each(ALL_COMPANIES)("lists the users of %s as the table says", (name) => {
      expect(companyUsersPolicy.can(caller, "list", COMPANIES[name])).toBe(listed.includes(name));
    });

    it("changes its own login e-mail and nobody else's", () => {
      expect(personalDataPolicy.can(caller, "changeEmail", { own: true })).toBe(true);
      expect(personalDataPolicy.can(caller, "changeEmail", { own: false })).toBe(false);
    });
  });
});
