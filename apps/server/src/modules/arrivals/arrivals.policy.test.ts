import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import type { CommunityRelation } from "../communities/communities.policy.js";
import { type ArrivalAction, type ArrivalFacts, arrivalPolicy } from "./arrivals.policy.js";

/**
 * The arrival check's policy answered for every role against every way a caller can stand to a community,
 * as one table. The caller's company is ME (for the colegio role: colegio A itself); communities are in
 * colegio A unless the case says otherwise; `chosen` is the colegio the request selected (colg_id). A
 * list of arrivals names the caller's own company (`ownProvider`), another (`otherProvider`) or none.
 */
const ME = 100;
const OTHER = 200;
const COLEGIO_A = 10;
const COLEGIO_B = 11;
const NONE: CommunityRelation = { member: false, serves: false, porter: false };

interface Case {
  facts: Omit<ArrivalFacts, "providerId">;
  chosen: number | null;
}
const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER };
const inB = { colegioId: COLEGIO_B, adminCompanyId: OTHER };

const CASES = {
  /** its own community (an administrator), an active member of the colegio */
  administers: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: null },
  /** … with another colegio chosen */
  administersChosenOther: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_B },
  /** another administrator's community of its colegio */
  othersCommunity: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  /** a community it serves as a provider */
  serves: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_A },
  /** a community it works in as its live porter */
  porter: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: null },
  porterChosenOther: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: COLEGIO_B },
  /** a community of colegio B, every relation true, with colegio A chosen */
  otherColegio: { facts: { ...inB, rel: { member: true, serves: true, porter: true } }, chosen: COLEGIO_A },
  /** a community of colegio A, unrelated */
  unrelated: { facts: { ...others, rel: NONE }, chosen: null },
} satisfies Record<string, Case>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];
const IN_A = ALL_CASES.filter((name) => CASES[name].facts.colegioId === COLEGIO_A);

type ListScope = "all" | "ownProvider" | "otherProvider";
const SCOPES: ListScope[] = ["all", "ownProvider", "otherProvider"];
interface Row {
  listProviders: CaseName[];
  record: CaseName[];
  /** the cases where it may read arrivals, for each scope */
  list: Record<ListScope, CaseName[]>;
}
const NOTHING: Row = { listProviders: [], record: [], list: { all: [], ownProvider: [], otherProvider: [] } };
const everyScope = (cases: CaseName[]) => ({ all: cases, ownProvider: cases, otherProvider: cases });

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { listProviders: IN_A, record: [], list: everyScope(IN_A) },
  administrador: { listProviders: ["administers"], record: [], list: everyScope(["administers"]) },
  gremio: { ...NOTHING, list: { all: [], ownProvider: ["serves"], otherProvider: [] } },
  portero: { listProviders: ["porter"], record: ["porter"], list: everyScope(["porter"]) },
  finca: NOTHING,
  unknown: NOTHING,
};

describe("arrivals: who sees a community's door and who records there", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual((Object.keys(Role) as RoleName[]).sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];
    const companyId = role === Role.colegio ? COLEGIO_A : ME;
    const allowed = (action: ArrivalAction, scope: ListScope = "all") =>
      ALL_CASES.filter((name) => {
        const { facts, chosen } = CASES[name];
        const providerId = scope === "all" ? undefined : scope === "ownProvider" ? companyId : OTHER;
        return arrivalPolicy.can({ role, companyId, colegioId: chosen }, action, { ...facts, providerId });
      });

    it("answers as the table says", () => {
      expect(allowed("listProviders"), "listProviders").toEqual(row.listProviders);
      expect(allowed("record"), "record").toEqual(row.record);
      for (const scope of SCOPES) expect(allowed("list", scope), `list ${scope}`).toEqual(row.list[scope]);
    });
  });

  it("whoever records an arrival also sees the providers at the door and the arrivals", () => {
    for (const roleName of Object.keys(TABLE) as RoleName[]) {
      const row = TABLE[roleName];
      for (const name of row.record) {
        expect(row.listProviders, `${roleName} ${name}`).toContain(name);
        expect(row.list.all, `${roleName} ${name}`).toContain(name);
      }
    }
  });
});
