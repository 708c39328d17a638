import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import type { CommunityRelation } from "../communities/communities.policy.js";
import { type NoticeAction, type NoticeFacts, noticePolicy } from "./notices.policy.js";

/**
 * The notices' policy answered for every role against every way a caller can stand to a community, as
 * one table. The caller's company is ME (for the colegio role: colegio A itself); communities are in
 * colegio A unless the case says otherwise; `chosen` is the colegio the request selected (colg_id). The
 * notice (or the entry) is the caller's own company's (`mine`: from ME to OTHER), addressed to it
 * (`toMe`: from OTHER to ME) or between two others (`between`).
 */
const ME = 100;
const OTHER = 200;
const THIRD = 300;
const COLEGIO_A = 10;
const COLEGIO_B = 11;
const NONE: CommunityRelation = { member: false, serves: false, porter: false };

const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER };
const inB = { colegioId: COLEGIO_B, adminCompanyId: OTHER };

const CASES = {
  administers: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: null },
  administersChosenOther: { facts: { ...own, rel: { ...NONE, member: true } }, chosen: COLEGIO_B },
  othersCommunity: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  serves: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_A },
  servesChosenOther: { facts: { ...others, rel: { ...NONE, member: true, serves: true } }, chosen: COLEGIO_B },
  /** it served the community once: its link is removed */
  servedOnce: { facts: { ...others, rel: { ...NONE, member: true } }, chosen: null },
  porter: { facts: { ...others, rel: { ...NONE, porter: true } }, chosen: null },
  otherColegio: { facts: { ...inB, rel: { member: true, serves: true, porter: true } }, chosen: COLEGIO_A },
  unrelated: { facts: { ...others, rel: NONE }, chosen: null },
} satisfies Record<string, { facts: Omit<NoticeFacts, "from" | "to">; chosen: number | null }>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];
const IN_A = ALL_CASES.filter((name) => CASES[name].facts.colegioId === COLEGIO_A);

type Side = "mine" | "toMe" | "between";
const SIDES: Record<Side, { from: number; to: number }> = {
  mine: { from: ME, to: OTHER },
  toMe: { from: OTHER, to: ME },
  between: { from: OTHER, to: THIRD },
};
type Row = Record<Exclude<NoticeAction, "list" | "listAll">, Record<Side, CaseName[]>> & {
  list: CaseName[];
  listAll: CaseName[];
};
const none = { mine: [], toMe: [], between: [] };
const NOTHING: Row = { notify: none, send: none, acknowledge: none, list: [], listAll: [] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { ...NOTHING, list: IN_A, listAll: IN_A },
  administrador: { ...NOTHING, list: ["administers"], listAll: ["administers"] },
  gremio: {
    notify: { mine: ["serves"], toMe: [], between: [] },
    send: { mine: ["serves"], toMe: [], between: [] },
    acknowledge: { mine: [], toMe: ["serves"], between: [] },
    list: ["serves"],
    listAll: [],
  },
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

describe("calendar notices: who makes, sends, acknowledges and reads them", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual((Object.keys(Role) as RoleName[]).sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];
    const companyId = role === Role.colegio ? COLEGIO_A : ME;
    const allowed = (action: NoticeAction, side?: Side) =>
      ALL_CASES.filter((name) => {
        const { facts, chosen } = CASES[name];
        return noticePolicy.can({ role, companyId, colegioId: chosen }, action, {
          ...facts,
          ...(side ? SIDES[side] : {}),
        });
      });

    it("answers as the table says", () => {
      for (const action of ["notify", "send", "acknowledge"] as const) {
        for (const side of Object.keys(SIDES) as Side[]) {
          expect(allowed(action, side), `${action} ${side}`).toEqual(row[action][side]);
        }
      }
      expect(allowed("list"), "list").toEqual(row.list);
      expect(allowed("listAll"), "listAll").toEqual(row.listAll);
    });

    it("offers 'Enterado' where it may acknowledge, until it is acknowledged", () => {
      for (const name of ALL_CASES) {
        for (const side of Object.keys(SIDES) as Side[]) {
          const caller = { role, companyId, colegioId: CASES[name].chosen };
          const facts = { ...CASES[name].facts, ...SIDES[side] };
          const may = row.acknowledge[side].includes(name);
          expect(noticePolicy.abilities(caller, { ...facts, acknowledged: false, sent: true })).toEqual({
            can_acknowledge: may,
          });
          expect(noticePolicy.abilities(caller, { ...facts, acknowledged: true, sent: true })).toEqual({
            can_acknowledge: false,
          });
          // Not offered before it is sent: the receiver does not know of it yet.
          expect(noticePolicy.abilities(caller, { ...facts, acknowledged: false, sent: false })).toEqual({
            can_acknowledge: false,
          });
        }
      }
    });
  });
});
