import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { type CompanyFacts, companyPolicy } from "./companies.policy.js";

/**
 * The company policy's actions on a company type and its role-only ones, for every role, as one table; the
 * colegio's editor; and the `editable` the company view is told. Administering, viewing and editing one
 * company are companies.policy.test.ts.
 */
const ME = 100;
const TYPES = [
  Role.superadministrator,
  Role.master,
  Role.colegio,
  Role.administrador,
  Role.gremio,
  Role.portero,
  Role.finca,
];

interface Row {
  list: number[];
  lookUp: number[];
  include: boolean;
  summarizeProviders: boolean;
  listProviderActivities: boolean;
}
const NOTHING: Row = { list: [], lookUp: [], include: false, summarizeProviders: false, listProviderActivities: false };
const COLEGIO_LEVELS = [Role.administrador, Role.gremio];

const TABLE: Record<RoleName, Row> = {
  superadministrator: { ...NOTHING, list: [Role.colegio] },
  master: { ...NOTHING, list: [Role.colegio] },
  sat: NOTHING,
  colegio: {
    list: COLEGIO_LEVELS,
    lookUp: COLEGIO_LEVELS,
    include: true,
    summarizeProviders: true,
    listProviderActivities: true,
  },
  administrador: { ...NOTHING, listProviderActivities: true },
  gremio: NOTHING,
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

/** Companies as the view sees them, for the caller ME; `sole`: no other colegio shares it. */
const COMPANIES = {
  own: { id: ME, type: Role.administrador, ownerCompanyId: null, membership: undefined, sole: false },
  soleMember: { id: 201, type: Role.gremio, ownerCompanyId: null, membership: "active", sole: true },
  sharedMember: { id: 202, type: Role.gremio, ownerCompanyId: null, membership: "active", sole: false },
  deactivatedMember: { id: 203, type: Role.administrador, ownerCompanyId: null, membership: "deactivated", sole: true },
  stranger: { id: 204, type: Role.gremio, ownerCompanyId: null, membership: undefined, sole: true },
  ownedColegio: { id: 205, type: Role.colegio, ownerCompanyId: ME, membership: undefined, sole: false },
} satisfies Record<string, CompanyFacts>;
type CompanyName = keyof typeof COMPANIES;

/** Who is told which company is editable (updateCompanyData would take its data). */
const EDITABLE: Record<RoleName, CompanyName[]> = {
  superadministrator: ["own"],
  master: ["own"],
  sat: ["own"],
  colegio: ["own", "soleMember"],
  administrador: ["own"],
  gremio: ["own"],
  portero: ["own"],
  finca: ["own"],
  unknown: ["own"],
};

/** Whose colegio editor (companies/colegio/update) the caller may use. */
const COLEGIO_EDIT: Record<RoleName, CompanyName[]> = {
  ...Object.fromEntries(Object.keys(Role).map((r) => [r, []])),
  colegio: ["soleMember", "sharedMember", "deactivatedMember"],
} as Record<RoleName, CompanyName[]>;

describe("companyPolicy's actions on types and roles over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
    expect(Object.keys(EDITABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    const caller = { role: Role[roleName], companyId: ME, colegioId: null };

    it.each(TYPES)("lists and looks up companies of type %i as the table says", (type) => {
      expect(companyPolicy.can(caller, "list", { type }), "list").toBe(row.list.includes(type));
      expect(companyPolicy.can(caller, "lookUp", { type }), "lookUp").toBe(row.lookUp.includes(type));
    });

    it("lists exactly the types listableTypes names, and nothing without a type", () => {
      expect(TYPES.filter((type) => companyPolicy.can(caller, "list", { type }))).toEqual([
        ...companyPolicy.listableTypes(caller),
      ]);
      expect(companyPolicy.can(caller, "list", undefined)).toBe(false);
    });

    it.each(["include", "summarizeProviders", "listProviderActivities"] as const)("%s as the table says", (action) => {
      expect(companyPolicy.can(caller, action, undefined)).toBe(row[action]);
    });

    it.each(Object.keys(COMPANIES) as CompanyName[])(
      "edits %s as the colegio, and is told it is editable, as the tables say",
      (name) => {
        const facts = COMPANIES[name];
        expect(companyPolicy.can(caller, "colegioEdit", facts), "colegioEdit").toBe(
          COLEGIO_EDIT[roleName].includes(name),
        );
        expect(companyPolicy.abilities(caller, facts)).toEqual({ editable: EDITABLE[roleName].includes(name) });
      },
    );

    it("does nothing on a company it is not shown", () => {
      for (const action of ["administer", "view", "editData", "colegioEdit"] as const) {
        expect(companyPolicy.can(caller, action, undefined), action).toBe(false);
        expect(companyPolicy.can(caller, action, { type: Role.gremio }), action).toBe(false);
      }
    });
  });
});
