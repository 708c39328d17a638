import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { type CommunityFacts, communityPolicy } from "./communities.policy.js";

/**
 * The community policy's role-only actions (the lists and adding a community) for every role, as one
 * table, and the panel's `editable`, which is `manage` and nothing else. The actions on one community
 * are communities.policy.test.ts.
 */
interface Row {
  list: boolean;
  listServed: boolean;
  create: boolean;
}
const NOTHING: Row = { list: false, listServed: false, create: false };

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { ...NOTHING, list: true },
  administrador: { ...NOTHING, list: true, create: true },
  gremio: { ...NOTHING, listServed: true },
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

const ME = 100;
const COMMUNITIES: Record<string, CommunityFacts> = {
  own: { colegioId: 10, adminCompanyId: ME, rel: { member: true, serves: false, porter: false } },
  ownInactive: { colegioId: 10, adminCompanyId: ME, rel: { member: false, serves: false, porter: false } },
  served: { colegioId: 10, adminCompanyId: 200, rel: { member: true, serves: true, porter: false } },
  porter: { colegioId: 10, adminCompanyId: 200, rel: { member: false, serves: false, porter: true } },
  colegios: { colegioId: ME, adminCompanyId: 200, rel: { member: false, serves: false, porter: false } },
};

describe("communityPolicy's role-only actions over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    const caller = { role: Role[roleName], companyId: ME, colegioId: null };

    it.each(["list", "listServed", "create"] as const)("%s as the table says", (action) => {
      expect(communityPolicy.can(caller, action, undefined)).toBe(row[action]);
    });

    it("does nothing on a community it is not shown", () => {
      for (const action of ["view", "listProviders", "manage"] as const)
        expect(communityPolicy.can(caller, action, undefined), action).toBe(false);
    });

    it.each(Object.keys(COMMUNITIES))("is told the community %s is editable exactly when it may manage it", (name) => {
      const facts = COMMUNITIES[name]!;
      expect(communityPolicy.abilities(caller, facts)).toEqual({
        editable: communityPolicy.can(caller, "manage", facts),
      });
    });
  });

  it("tells the administrator its own community is editable, and nobody else any", () => {
    const admin = { role: Role.administrador, companyId: ME, colegioId: null };
    expect(communityPolicy.abilities(admin, COMMUNITIES.own!).editable).toBe(true);
    expect(communityPolicy.abilities(admin, COMMUNITIES.ownInactive!).editable).toBe(false);
    for (const role of [Role.colegio, Role.gremio, Role.portero])
      for (const facts of Object.values(COMMUNITIES))
        expect(communityPolicy.abilities({ role, companyId: ME, colegioId: null }, facts).editable).toBe(false);
  });
});
