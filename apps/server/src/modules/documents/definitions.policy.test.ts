import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { definitionPolicy } from "./definitions.policy.js";

/**
 * What the definitions list tells the client (`docsAllowedToEdit`), for every role against colegio A's and
 * colegio B's definitions with every colg_id, as one table, and that it is the policy's `edit` answer.
 * Who reads, edits and uploads for definitions is the table of documents.policy.test.ts.
 */
const ME = 100;
const COLEGIO_A = 10;
const COLEGIO_B = 11;

const ROLE_NAMES = Object.keys(Role) as RoleName[];
const companyOf = (role: number) => (role === Role.colegio ? COLEGIO_A : ME);

const CASES = {
  own: { colegioId: COLEGIO_A, chosen: null },
  ownChosen: { colegioId: COLEGIO_A, chosen: COLEGIO_A },
  ownChosenOther: { colegioId: COLEGIO_A, chosen: COLEGIO_B },
  otherColegio: { colegioId: COLEGIO_B, chosen: null },
  otherColegioChosen: { colegioId: COLEGIO_B, chosen: COLEGIO_B },
} satisfies Record<string, { colegioId: number; chosen: number | null }>;
type CaseName = keyof typeof CASES;
const CASE_NAMES = Object.keys(CASES) as CaseName[];

/** The cases where the list tells the caller it edits the definitions. */
const TABLE: Record<RoleName, CaseName[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: ["own", "ownChosen", "ownChosenOther"],
  administrador: [],
  gremio: [],
  portero: [],
  finca: [],
  unknown: [],
};

describe("definitions list: what the client is told (docsAllowedToEdit)", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];

    it("is told it edits exactly where the table says, as the policy's edit answers", () => {
      const told: CaseName[] = [];
      for (const name of CASE_NAMES) {
        const { colegioId, chosen } = CASES[name];
        const caller = { role, companyId: companyOf(role), colegioId: chosen };
        const { docsAllowedToEdit } = definitionPolicy.abilities(caller, { colegioId });
        expect(docsAllowedToEdit, name).toBe(definitionPolicy.can(caller, "edit", { colegioId }));
        if (docsAllowedToEdit) told.push(name);
      }
      expect(told).toEqual(row);
    });
  });

  it("answers exactly the field the API sends", () => {
    const caller = { role: Role.colegio, companyId: COLEGIO_A, colegioId: null };
    expect(definitionPolicy.abilities(caller, { colegioId: COLEGIO_A })).toEqual({ docsAllowedToEdit: true });
  });
});
