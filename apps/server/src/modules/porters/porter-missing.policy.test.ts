import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, callerOf, ME, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import type { CommunityFacts, CommunityRelation } from "../communities/communities.policy.js";
import { porterMissingPolicy } from "./porter-missing.policy.js";

/**
 * Who may read what a porter lacks (the words of the porters' lights), for every role against every way
 * a caller can stand to the community, as one table. The caller's company is ME (for the colegio role:
 * colegio A itself); `chosen` is the colegio the request selected (colg_id).
 */
const NONE: CommunityRelation = { member: false, serves: false, porter: false };
const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER };

const CASES = {
  /** the caller's own community, an active member of its colegio */
  administers: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: null },
  administersChosen: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_A },
  /** … while another colegio is chosen */
  administersChosenOther: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_B },
  /** … its membership of the colegio deactivated */
  administersInactive: { facts: { ...own, rel: NONE }, chosen: null },
  othersCommunity: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  serves: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_A },
  /** a community where the caller is a live porter */
  porter: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: null },
  porterChosenOther: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: COLEGIO_B },
  otherColegio: {
    facts: { colegioId: COLEGIO_B, adminCompanyId: OTHER, rel: { member: true, serves: true, porter: true } },
    chosen: null,
  },
  unrelated: { facts: { ...others, rel: NONE }, chosen: null },
} satisfies Record<string, { facts: CommunityFacts; chosen: number | null }>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];

interface Row {
  inCommunity: CaseName[];
  own: CaseName[];
  overOwnCommunities: boolean;
}
const NOTHING: Row = { inCommunity: [], own: [], overOwnCommunities: false };

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  // The colegio sees the porters' figures through the API but has no porter screen: no words.
  colegio: NOTHING,
  administrador: { ...NOTHING, inCommunity: ["administers", "administersChosen"], overOwnCommunities: true },
  gremio: NOTHING,
  portero: { ...NOTHING, own: ["porter", "porterChosenOther", "otherColegio"] },
  finca: NOTHING,
  unknown: NOTHING,
};

describe("porterMissingPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    it.each(ALL_CASES)("reads what a porter lacks in %s as the table says", (name) => {
      const { facts, chosen } = CASES[name];
      const caller = callerOf(roleName, chosen);
      expect(porterMissingPolicy.can(caller, "inCommunity", facts), "inCommunity").toBe(row.inCommunity.includes(name));
      expect(porterMissingPolicy.can(caller, "own", facts), "own").toBe(row.own.includes(name));
    });

    it.each([null, COLEGIO_A])("reads what a porter lacks over its communities as the table says (colg_id %s)", (c) => {
      const caller = callerOf(roleName, c);
      expect(porterMissingPolicy.can(caller, "overOwnCommunities", undefined)).toBe(row.overOwnCommunities);
    });
  });
});
