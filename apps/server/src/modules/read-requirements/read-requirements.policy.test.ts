import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, callerOf, ROLE_NAMES } from "../../../test/policy-callers.js";
import { readRequirementPolicy } from "./read-requirements.policy.js";

/**
 * Who reads and who edits a colegio's read requirements, for every role against colegio A's with every
 * colg_id and membership, as one table; and that `docsAllowedToEdit` is the policy's `edit` answer.
 */
const CASES = {
  own: { colegioId: COLEGIO_A, chosen: null, member: true },
  ownChosen: { colegioId: COLEGIO_A, chosen: COLEGIO_A, member: true },
  ownChosenOther: { colegioId: COLEGIO_A, chosen: COLEGIO_B, member: true },
  notMember: { colegioId: COLEGIO_A, chosen: COLEGIO_A, member: false },
  otherColegio: { colegioId: COLEGIO_B, chosen: null, member: false },
} satisfies Record<string, { colegioId: number; chosen: number | null; member: boolean }>;
type CaseName = keyof typeof CASES;
const CASE_NAMES = Object.keys(CASES) as CaseName[];

const TABLE: Record<RoleName, { read: CaseName[]; edit: CaseName[] }> = {
  superadministrator: { read: [], edit: [] },
  master: { read: [], edit: [] },
  sat: { read: [], edit: [] },
  // The colegio is its own: membership and colg_id do not change what is its own.
  colegio: {
    read: ["own", "ownChosen", "ownChosenOther", "notMember"],
    edit: ["own", "ownChosen", "ownChosenOther", "notMember"],
  },
  administrador: { read: ["own", "ownChosen"], edit: [] },
  gremio: { read: [], edit: [] },
  portero: { read: [], edit: [] },
  finca: { read: [], edit: [] },
  unknown: { read: [], edit: [] },
};

describe("read requirements: who reads and who edits", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    it("reads and edits exactly where the table says, and is told so", () => {
      const reads: CaseName[] = [];
      const edits: CaseName[] = [];
      for (const name of CASE_NAMES) {
        const { colegioId, chosen, member } = CASES[name];
        const caller = callerOf(roleName as RoleName, chosen);
        if (readRequirementPolicy.can(caller, "read", { colegioId, member })) reads.push(name);
        const edit = readRequirementPolicy.can(caller, "edit", { colegioId });
        if (edit) edits.push(name);
        expect(readRequirementPolicy.abilities(caller, { colegioId })).toEqual({ docsAllowedToEdit: edit });
      }
      expect({ read: reads, edit: edits }).toEqual(row);
    });
  });

  it("edits as the definitions do: only the colegio, its own", () => {
    const colegio = { role: Role.colegio, companyId: COLEGIO_A, colegioId: null };
    expect(readRequirementPolicy.can(colegio, "edit", { colegioId: COLEGIO_B })).toBe(false);
  });
});
