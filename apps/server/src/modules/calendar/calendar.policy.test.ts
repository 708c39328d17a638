import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, companyOf, ME, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import type { CommunityFacts, CommunityRelation } from "../communities/communities.policy.js";
import { type CalendarAction, calendarPolicy } from "./calendar.policy.js";

/**
 * The calendar's policy answered for every role against every way a caller can stand to a community, as
 * one table. The caller's company is ME (for the colegio role: colegio A itself); communities are in
 * colegio A unless the case says otherwise; `chosen` is the colegio the request selected (colg_id). An
 * entry acted on is the caller's company's (`own`) or another's (`other`).
 */
const NONE: CommunityRelation = { member: false, serves: false, porter: false };
const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER };
const inB = { colegioId: COLEGIO_B, adminCompanyId: OTHER };

const CASES = {
  /** its own community (an administrator), an active member of the colegio */
  administers: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: null },
  /** … no longer a member of the colegio */
  administersNotMember: { facts: { ...own, rel: NONE }, chosen: null },
  /** another administrator's community of its colegio */
  othersCommunity: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  /** a community it serves as a provider */
  serves: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_A },
  /** … with another colegio chosen */
  servesChosenOther: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_B },
  /** a community it works in as its live porter */
  porter: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: null },
  /** a community of colegio B, every relation true, with colegio A chosen */
  otherColegio: { facts: { ...inB, rel: { member: true, serves: true, porter: true } }, chosen: COLEGIO_A },
  /** a community of colegio A, unrelated */
  unrelated: { facts: { ...others, rel: NONE }, chosen: null },
} satisfies Record<string, { facts: CommunityFacts; chosen: number | null }>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];
const IN_A = ALL_CASES.filter((name) => CASES[name].facts.colegioId === COLEGIO_A);

type EntryScope = "own" | "other";
interface Row {
  add: CaseName[];
  viewMonth: CaseName[];
  /** per whose entry it is */
  delete: Record<EntryScope, CaseName[]>;
  readCoincidences: Record<EntryScope, CaseName[]>;
}
const NOTHING: Row = {
  add: [],
  viewMonth: [],
  delete: { own: [], other: [] },
  readCoincidences: { own: [], other: [] },
};
const both = (cases: CaseName[]) => ({ own: cases, other: cases });

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { ...NOTHING, viewMonth: IN_A, readCoincidences: both(IN_A) },
  administrador: { ...NOTHING, viewMonth: ["administers"], readCoincidences: both(["administers"]) },
  gremio: {
    add: ["serves"],
    viewMonth: ["serves"],
    delete: { own: ["serves"], other: [] },
    readCoincidences: { own: ["serves"], other: [] },
  },
  // A porter reads the month through porteros/calendar/bymonth (porters.policy).
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

describe("calendar: who adds, reads and deletes a community's visits", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];
    const companyId = companyOf(role);
    const allowed = (action: CalendarAction, scope?: EntryScope) =>
      ALL_CASES.filter((name) => {
        const { facts, chosen } = CASES[name];
        const providerId = scope === undefined ? undefined : scope === "own" ? companyId : OTHER;
        return calendarPolicy.can({ role, companyId, colegioId: chosen }, action, { ...facts, providerId });
      });

    it("answers as the table says", () => {
      expect(allowed("add"), "add").toEqual(row.add);
      expect(allowed("viewMonth"), "viewMonth").toEqual(row.viewMonth);
      for (const scope of ["own", "other"] as const) {
        expect(allowed("delete", scope), `delete ${scope}`).toEqual(row.delete[scope]);
        expect(allowed("readCoincidences", scope), `readCoincidences ${scope}`).toEqual(row.readCoincidences[scope]);
      }
    });

    it("calls an entry `mine` exactly when it may delete it where it serves", () => {
      const caller = { role, companyId, colegioId: null };
      expect(calendarPolicy.mine(caller, companyId)).toBe(row.delete.own.length > 0);
      expect(calendarPolicy.mine(caller, OTHER)).toBe(false);
    });
  });

  it("whoever deletes or adds also reads the month", () => {
    for (const roleName of ROLE_NAMES) {
      const row = TABLE[roleName];
      for (const name of [...row.add, ...row.delete.own]) expect(row.viewMonth, `${roleName} ${name}`).toContain(name);
    }
  });
});
