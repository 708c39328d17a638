import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, callerOf, ME, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import type { CommunityFacts, CommunityRelation } from "../communities/communities.policy.js";
import { portersPolicy } from "./porters.policy.js";

/**
 * The porters policy answered for every role, as one table. The caller's company is ME (for the colegio
 * role: colegio A itself); communities are in colegio A unless the case says otherwise; `chosen` is the
 * colegio the request selected (colg_id).
 */
const NONE: CommunityRelation = { member: false, serves: false, porter: false };
const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER };

const CASES = {
  /** the caller's own community, an active member of its colegio */
  ownMember: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: null },
  ownMemberChosen: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_A },
  /** … while another colegio is chosen */
  ownChosenOther: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_B },
  /** … its membership of the colegio deactivated */
  ownInactive: { facts: { ...own, rel: NONE }, chosen: null },
  /** another administrator's community of its colegio */
  otherAdmins: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  /** a community the caller serves as a provider */
  served: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: null },
  /** a community the caller works in as a live porter */
  porter: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: null },
  porterChosenOther: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: COLEGIO_B },
  /** a community of colegio B, every relation true */
  otherColegio: {
    facts: { colegioId: COLEGIO_B, adminCompanyId: OTHER, rel: { member: true, serves: true, porter: true } },
    chosen: null,
  },
  /** nothing to do with the caller */
  unrelated: { facts: { ...others, rel: NONE }, chosen: null },
} satisfies Record<string, { facts: CommunityFacts; chosen: number | null }>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];

interface Row {
  manage: CaseName[];
  list: CaseName[];
  actAsPorter: CaseName[];
  lookup: boolean;
  /** registerTest with the testing feature on (off: never) */
  registerTest: boolean;
  summary: boolean;
  own: boolean;
}
const NOTHING: Row = {
  manage: [],
  list: [],
  actAsPorter: [],
  lookup: false,
  registerTest: false,
  summary: false,
  own: false,
};
const ADMIN_CASES: CaseName[] = ["ownMember", "ownMemberChosen"];
const COLEGIO_A_CASES = ALL_CASES.filter((name) => CASES[name].facts.colegioId === COLEGIO_A);

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { ...NOTHING, list: COLEGIO_A_CASES, summary: true },
  administrador: {
    ...NOTHING,
    manage: ADMIN_CASES,
    list: ADMIN_CASES,
    lookup: true,
    registerTest: true,
    summary: true,
  },
  gremio: NOTHING,
  portero: { ...NOTHING, actAsPorter: ["porter", "porterChosenOther", "otherColegio"], own: true },
  finca: NOTHING,
  unknown: NOTHING,
};

describe("portersPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    it.each(ALL_CASES)("manages, lists and acts as porter in %s as the table says", (name) => {
      const { facts, chosen } = CASES[name];
      const caller = callerOf(roleName, chosen);
      expect(portersPolicy.can(caller, "manage", facts), "manage").toBe(row.manage.includes(name));
      expect(portersPolicy.can(caller, "list", facts), "list").toBe(row.list.includes(name));
      expect(portersPolicy.can(caller, "actAsPorter", facts), "actAsPorter").toBe(row.actAsPorter.includes(name));
    });

    it.each([null, COLEGIO_A])(
      "looks up, tests, summarizes and lists its own as the table says (colg_id %s)",
      (chosen) => {
        const caller = callerOf(roleName, chosen);
        expect(portersPolicy.can(caller, "lookup", undefined), "lookup").toBe(row.lookup);
        expect(portersPolicy.can(caller, "registerTest", { testing: true }), "registerTest on").toBe(row.registerTest);
        expect(portersPolicy.can(caller, "registerTest", { testing: false }), "registerTest off").toBe(false);
        expect(portersPolicy.can(caller, "summary", undefined), "summary").toBe(row.summary);
        expect(portersPolicy.can(caller, "own", undefined), "own").toBe(row.own);
      },
    );

    it("whoever manages a community's porters also lists them", () => {
      for (const name of ALL_CASES) {
        const { facts, chosen } = CASES[name];
        const caller = callerOf(roleName, chosen);
        if (portersPolicy.can(caller, "manage", facts))
          expect(portersPolicy.can(caller, "list", facts), name).toBe(true);
      }
    });
  });

  it("the colegio lists its colegio's porters whatever colg_id says, and never manages them", () => {
    for (const chosen of [null, COLEGIO_A, COLEGIO_B]) {
      const caller = { role: Role.colegio, companyId: COLEGIO_A, colegioId: chosen };
      expect(portersPolicy.can(caller, "list", { ...others, rel: NONE })).toBe(true);
      expect(portersPolicy.can(caller, "manage", { ...own, rel: { member: true, serves: true, porter: true } })).toBe(
        false,
      );
      expect(portersPolicy.can(caller, "list", { colegioId: COLEGIO_B, adminCompanyId: OTHER, rel: NONE })).toBe(false);
    }
  });
});
