import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import type { CommunityFacts, CommunityRelation } from "../communities/communities.policy.js";
import { communityMissingPolicy, providerMissingPolicy } from "./compliance.policy.js";

/**
 * Who may read what a provider lacks in a community (the words of its lights there), for every role against
 * every way a caller can stand to the community, as one table. The caller's company is ME (for the colegio
 * role: colegio A itself); `chosen` is the colegio the request selected (colg_id). The provider asked about
 * is the caller's own company (`own`) or another (`other`).
 */
const ME = 100;
const OTHER = 200;
const COLEGIO_A = 10;
const COLEGIO_B = 11;
const NONE: CommunityRelation = { member: false, serves: false, porter: false };
const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER };

const CASES = {
  administers: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: null },
  administersChosenOther: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_B },
  othersCommunity: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  serves: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_A },
  servesNoLongerMember: { facts: { ...others, rel: { ...NONE, serves: true } }, chosen: null },
  porter: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: null },
  otherColegio: {
    facts: { colegioId: COLEGIO_B, adminCompanyId: OTHER, rel: { member: true, serves: true, porter: true } },
    chosen: COLEGIO_A,
  },
  unrelated: { facts: { ...others, rel: NONE }, chosen: null },
} satisfies Record<string, { facts: CommunityFacts; chosen: number | null }>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];
const IN_A = ALL_CASES.filter((name) => CASES[name].facts.colegioId === COLEGIO_A);

interface Row {
  own: CaseName[];
  other: CaseName[];
}
const NOTHING: Row = { own: [], other: [] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { own: IN_A, other: IN_A },
  administrador: { own: ["administers"], other: ["administers"] },
  gremio: { own: ["serves"], other: [] },
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

describe("providerMissingPolicy: who reads what a provider lacks in a community", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual((Object.keys(Role) as RoleName[]).sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];
    const companyId = role === Role.colegio ? COLEGIO_A : ME;
    const allowed = (provider: "own" | "other") =>
      ALL_CASES.filter((name) => {
        const { facts, chosen } = CASES[name];
        const providerId = provider === "own" ? companyId : OTHER;
        return providerMissingPolicy.can({ role, companyId, colegioId: chosen }, "viewMissing", {
          ...facts,
          providerId,
        });
      });

    it("answers as the table says", () => {
      expect(allowed("own"), "its own company").toEqual(row.own);
      expect(allowed("other"), "another company").toEqual(row.other);
    });
  });
});

/** What a community's providers lack there (its row in the communities list): whoever sees its providers. */
const COMMUNITY_TABLE: Record<RoleName, CaseName[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: IN_A,
  administrador: ["administers"],
  gremio: [],
  portero: [],
  finca: [],
  unknown: [],
};

describe("communityMissingPolicy: who reads what a community's providers lack there", () => {
  it("has a row for every role", () => {
    expect(Object.keys(COMMUNITY_TABLE).sort()).toEqual((Object.keys(Role) as RoleName[]).sort());
  });

  it.each(Object.entries(COMMUNITY_TABLE))("%s answers as the table says", (roleName, cases) => {
    const role = Role[roleName as RoleName];
    const companyId = role === Role.colegio ? COLEGIO_A : ME;
    const allowed = ALL_CASES.filter((name) => {
      const { facts, chosen } = CASES[name];
      return communityMissingPolicy.can({ role, companyId, colegioId: chosen }, "viewMissing", facts);
    });
    expect(allowed).toEqual(cases);
  });
});
