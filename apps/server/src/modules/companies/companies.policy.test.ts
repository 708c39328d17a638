import { ErrorKey, Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.js";
import { colegioScope, companyPolicy, MEMBER_TYPES } from "./companies.policy.js";

/**
 * The company policy answered for every role against every kind of company, as one table: who lists
 * which types, who administers (view, edit, activate) which company, and who edits whose data.
 */
const ACTOR_COMPANY = 100;

const TARGETS = {
  memberAdmin: { id: 201, type: Role.administrador, ownerCompanyId: ACTOR_COMPANY },
  memberProvider: { id: 202, type: Role.gremio, ownerCompanyId: 999 },
  porterCompany: { id: 203, type: Role.portero, ownerCompanyId: 201 },
  ownedColegio: { id: 204, type: Role.colegio, ownerCompanyId: ACTOR_COMPANY },
  foreignColegio: { id: 205, type: Role.colegio, ownerCompanyId: 999 },
  masterCompany: { id: 206, type: Role.master, ownerCompanyId: null },
  superCompany: { id: 207, type: Role.superadministrator, ownerCompanyId: null },
} as const;
type TargetName = keyof typeof TARGETS;
/** The facts of a target whose company is (or is not) a member of the actor's colegio. */
const facts = (target: { id: number; type: number; ownerCompanyId: number | null }, member: boolean) => ({
  ...target,
  membership: member ? ("active" as const) : undefined,
});
const ALL_TARGETS = Object.keys(TARGETS) as TargetName[];

interface Row {
  listable: number[];
  /** targets administered when the policy is told the target is a member of the actor's colegio */
  administerMember: TargetName[];
  /** … and when it is not */
  administerOther: TargetName[];
  editMember: TargetName[];
  editOther: TargetName[];
}

const NOTHING: Row = { listable: [], administerMember: [], administerOther: [], editMember: [], editOther: [] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: {
    ...NOTHING,
    listable: [Role.colegio],
    administerMember: ["ownedColegio", "foreignColegio"],
    administerOther: ["ownedColegio", "foreignColegio"],
  },
  master: {
    ...NOTHING,
    listable: [Role.colegio],
    administerMember: ["ownedColegio"],
    administerOther: ["ownedColegio"],
  },
  sat: NOTHING,
  colegio: {
    listable: [Role.administrador, Role.gremio],
    administerMember: ["memberAdmin", "memberProvider"],
    administerOther: [],
    editMember: ["memberAdmin", "memberProvider"],
    editOther: [],
  },
  administrador: NOTHING,
  gremio: NOTHING,
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

describe("companyPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    const role = Role[roleName];
    const actor = { role, companyId: ACTOR_COMPANY, colegioId: null };
    const own = { id: ACTOR_COMPANY, type: role, ownerCompanyId: null };

    it("lists exactly its types", () => {
      expect(companyPolicy.listableTypes(actor)).toEqual(row.listable);
    });

    it.each(ALL_TARGETS)("administers, views and edits %s as the table says", (name) => {
      const target = TARGETS[name];
      for (const member of [true, false]) {
        const administers = (member ? row.administerMember : row.administerOther).includes(name);
        const edits = (member ? row.editMember : row.editOther).includes(name);
        expect(companyPolicy.can(actor, "administer", facts(target, member)), `administer member=${member}`).toBe(
          administers,
        );
        // Whoever administers a company may read it; nobody else may read a company that is not its own.
        expect(companyPolicy.can(actor, "view", facts(target, member)), `view member=${member}`).toBe(administers);
        expect(companyPolicy.can(actor, "editData", facts(target, member)), `edit member=${member}`).toBe(edits);
      }
    });

    it("reads and edits its own company, but does not 'administer' it", () => {
      for (const member of [true, false]) {
        expect(companyPolicy.can(actor, "view", facts(own, member))).toBe(true);
        expect(companyPolicy.can(actor, "editData", facts(own, member))).toBe(true);
        expect(companyPolicy.can(actor, "administer", facts(own, member))).toBe(false);
      }
    });
  });

  it("a colegio administers only the member types, even when told a colegio or porter company is a member", () => {
    expect(MEMBER_TYPES).toEqual([Role.administrador, Role.gremio]);
    const colegio = { role: Role.colegio, companyId: ACTOR_COMPANY, colegioId: null };
    for (const type of [Role.superadministrator, Role.master, Role.colegio, Role.portero, Role.finca, Role.unknown]) {
      const target = { id: 300, type, ownerCompanyId: ACTOR_COMPANY };
      expect(companyPolicy.can(colegio, "administer", facts(target, true)), `type ${type}`).toBe(false);
      expect(companyPolicy.can(colegio, "editData", facts(target, true)), `type ${type}`).toBe(false);
    }
  });

  it("a master does not administer a colegio it did not create, nor a colegio with no creator", () => {
    const master = { role: Role.master, companyId: ACTOR_COMPANY, colegioId: null };
    expect(
      companyPolicy.can(master, "administer", facts({ id: 1, type: Role.colegio, ownerCompanyId: null }, false)),
    ).toBe(false);
    expect(
      companyPolicy.can(master, "administer", facts({ id: 1, type: Role.colegio, ownerCompanyId: 101 }, false)),
    ).toBe(false);
  });
});

describe("colegioScope", () => {
  const forbidden = (fn: () => unknown) => {
    expect(fn).toThrowError(AppError);
    expect(fn).toThrowError(expect.objectContaining({ status: 403, key: ErrorKey.colegioForbidden }));
  };

  it("is the colegio's own company for its staff, whatever colg_id says", () => {
    expect(colegioScope({ role: Role.colegio, companyId: 10, colegioId: null })).toBe(10);
    expect(colegioScope({ role: Role.colegio, companyId: 10, colegioId: 77 })).toBe(10);
  });

  it.each((Object.keys(Role) as RoleName[]).filter((r) => r !== "colegio"))(
    "is the selected colegio for %s, and 403 error.colegio-forbidden without one",
    (roleName) => {
      const role = Role[roleName];
      expect(colegioScope({ role, companyId: 10, colegioId: 77 })).toBe(77);
      forbidden(() => colegioScope({ role, companyId: 10, colegioId: null }));
    },
  );
});
