import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { type CommunityRelation, type CommunityTarget, communityPolicy } from "./communities.policy.js";

/**
 * The community policy answered for every role against every way a caller can stand to a community, as
 * one table. The caller's company is ME (for the colegio role: colegio A itself); communities are in
 * colegio A unless the case says otherwise; `chosen` is the colegio the request selected (colg_id).
 */
const ME = 100;
const OTHER_ADMIN = 200;
const COLEGIO_A = 10;
const COLEGIO_B = 11;

const NONE: CommunityRelation = { member: false, serves: false, porter: false };

interface Case {
  target: CommunityTarget;
  rel: CommunityRelation;
  chosen: number | null;
}

const own = { colegioId: COLEGIO_A, adminCompanyId: ME };
const others = { colegioId: COLEGIO_A, adminCompanyId: OTHER_ADMIN };
const inB = { colegioId: COLEGIO_B, adminCompanyId: OTHER_ADMIN };

const CASES = {
  /** its own community, its company an active member of the colegio, no colegio chosen */
  ownMember: { target: own, rel: { ...NONE, member: true }, chosen: null },
  /** … with the community's colegio chosen */
  ownMemberChosen: { target: own, rel: { ...NONE, member: true }, chosen: COLEGIO_A },
  /** … with another colegio chosen */
  ownChosenOther: { target: own, rel: { ...NONE, member: true }, chosen: COLEGIO_B },
  /** its own community, but its membership of the colegio was deactivated */
  ownInactive: { target: own, rel: NONE, chosen: null },
  /** another administrator's community of a colegio it works in */
  otherAdmins: { target: others, rel: { ...NONE, member: true }, chosen: null },
  /** a community it serves as a provider (live link), an active member of the colegio */
  served: { target: others, rel: { ...NONE, member: true, serves: true }, chosen: COLEGIO_A },
  /** … with another colegio chosen */
  servedChosenOther: { target: others, rel: { ...NONE, member: true, serves: true }, chosen: COLEGIO_B },
  /** … while deactivated in the colegio */
  servedInactive: { target: others, rel: { ...NONE, serves: true }, chosen: null },
  /** a community of its colegio it does not serve */
  notServed: { target: others, rel: { ...NONE, member: true }, chosen: COLEGIO_A },
  /** a community the caller works in as its porter */
  porter: { target: others, rel: { ...NONE, porter: true }, chosen: null },
  porterChosen: { target: others, rel: { ...NONE, porter: true }, chosen: COLEGIO_A },
  porterChosenOther: { target: others, rel: { ...NONE, porter: true }, chosen: COLEGIO_B },
  /** a community of colegio B, every relation true, with colegio A chosen */
  otherColegio: { target: inB, rel: { member: true, serves: true, porter: true }, chosen: COLEGIO_A },
  /** … with no colegio chosen: its provider and its porter see it; colegio A does not */
  otherColegioNoneChosen: { target: inB, rel: { member: true, serves: true, porter: true }, chosen: null },
  /** every relation at once on its own community */
  everything: { target: own, rel: { member: true, serves: true, porter: true }, chosen: null },
  /** a community of its own colegio, unrelated */
  unrelated: { target: others, rel: NONE, chosen: null },
} satisfies Record<string, Case>;
type CaseName = keyof typeof CASES;
const ALL_CASES = Object.keys(CASES) as CaseName[];

interface Row {
  view: CaseName[];
  listProviders: CaseName[];
  manage: CaseName[];
}
const NOTHING: Row = { view: [], listProviders: [], manage: [] };

/** Every case whose community is in colegio A: what the colegio A sees. */
const COLEGIO_A_CASES = ALL_CASES.filter((name) => CASES[name].target.colegioId === COLEGIO_A);
const ADMIN_CASES: CaseName[] = ["ownMember", "ownMemberChosen", "everything"];

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { view: COLEGIO_A_CASES, listProviders: COLEGIO_A_CASES, manage: [] },
  administrador: { view: ADMIN_CASES, listProviders: ADMIN_CASES, manage: ADMIN_CASES },
  gremio: { ...NOTHING, view: ["served", "everything", "otherColegioNoneChosen"] },
  portero: { ...NOTHING, view: ["porter", "porterChosen", "everything", "otherColegioNoneChosen"] },
  finca: NOTHING,
  unknown: NOTHING,
};

describe("communityPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  it("the colegio's cases are every case but the other colegio's communities", () => {
    expect(COLEGIO_A_CASES).toEqual(ALL_CASES.filter((c) => !c.startsWith("otherColegio")));
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    const role = Role[roleName];
    const companyId = role === Role.colegio ? COLEGIO_A : ME;

    it.each(ALL_CASES)("views, lists the providers of and manages %s as the table says", (name) => {
      const { target, rel, chosen } = CASES[name];
      const actor = { role, companyId, colegioId: chosen };
      expect(communityPolicy.can(actor, "view", { ...target, rel }), "mayView").toBe(row.view.includes(name));
      expect(communityPolicy.can(actor, "listProviders", { ...target, rel }), "mayListProviders").toBe(
        row.listProviders.includes(name),
      );
      expect(communityPolicy.can(actor, "manage", { ...target, rel }), "mayManage").toBe(row.manage.includes(name));
    });

    it("never manages what it may not view, nor lists providers it may not view", () => {
      for (const name of ALL_CASES) {
        const { target, rel, chosen } = CASES[name];
        const actor = { role, companyId, colegioId: chosen };
        const view = communityPolicy.can(actor, "view", { ...target, rel });
        if (communityPolicy.can(actor, "manage", { ...target, rel })) expect(view, name).toBe(true);
        if (communityPolicy.can(actor, "listProviders", { ...target, rel })) expect(view, name).toBe(true);
      }
    });
  });

  it("the colegio sees its colegio's communities whatever colg_id or relation says, and never manages them", () => {
    for (const chosen of [null, COLEGIO_A, COLEGIO_B]) {
      const actor = { role: Role.colegio, companyId: COLEGIO_A, colegioId: chosen };
      for (const target of [own, others, { colegioId: COLEGIO_A, adminCompanyId: COLEGIO_A }]) {
        expect(communityPolicy.can(actor, "view", { ...target, rel: NONE })).toBe(true);
        expect(communityPolicy.can(actor, "listProviders", { ...target, rel: NONE })).toBe(true);
        expect(
          communityPolicy.can(actor, "manage", { ...target, rel: { member: true, serves: true, porter: true } }),
        ).toBe(false);
      }
      expect(communityPolicy.can(actor, "view", { ...inB, rel: NONE })).toBe(false);
      expect(communityPolicy.can(actor, "listProviders", { ...inB, rel: NONE })).toBe(false);
    }
  });

  it("an administrator's own community in another colegio it works in is its own, unless another colegio is chosen", () => {
    const target = { colegioId: COLEGIO_B, adminCompanyId: ME };
    const rel = { ...NONE, member: true };
    for (const [chosen, expected] of [
      [null, true],
      [COLEGIO_B, true],
      [COLEGIO_A, false],
    ] as const) {
      const actor = { role: Role.administrador, companyId: ME, colegioId: chosen };
      expect(communityPolicy.can(actor, "view", { ...target, rel }), String(chosen)).toBe(expected);
      expect(communityPolicy.can(actor, "manage", { ...target, rel }), String(chosen)).toBe(expected);
    }
  });

  it("a provider never manages nor lists providers, even of a community recorded as its company's", () => {
    const actor = { role: Role.gremio, companyId: ME, colegioId: null };
    expect(communityPolicy.can(actor, "manage", { ...own, rel: { member: true, serves: true, porter: false } })).toBe(
      false,
    );
    expect(
      communityPolicy.can(actor, "listProviders", { ...own, rel: { member: true, serves: true, porter: false } }),
    ).toBe(false);
  });
});
