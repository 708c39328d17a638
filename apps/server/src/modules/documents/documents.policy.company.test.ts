import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, callerOf, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import { documentPolicy } from "./documents.policy.js";

/**
 * The document policy's answers about a company's documents (getcompanydefined, pending validation) and
 * what a document row tells the client (`can_edit`), for every role, as tables. The caller's company is ME
 * (for the colegio role: colegio A itself). Seeing, editing and validating one document is the table of
 * documents.policy.test.ts.
 */

/** A company as the colegio reviews it: seen from which colegio, and whether it works there. */
const REVIEW_CASES = {
  member: { colegioId: COLEGIO_A, companyInColegio: true },
  notMember: { colegioId: COLEGIO_A, companyInColegio: false },
  memberOfOtherColegio: { colegioId: COLEGIO_B, companyInColegio: true },
};
type ReviewCase = keyof typeof REVIEW_CASES;
const REVIEW_CASE_NAMES = Object.keys(REVIEW_CASES) as ReviewCase[];

/** The company a caller asks about without reviewing: its own, or another. */
const VIEW_CASES = { own: (me: number) => me, other: () => OTHER };
type ViewCase = keyof typeof VIEW_CASES;
const VIEW_CASE_NAMES = Object.keys(VIEW_CASES) as ViewCase[];

interface Row {
  reviewCompanies: boolean;
  reviewCompany: ReviewCase[];
  viewCompany: ViewCase[];
}
/** Any role that does not review sees its own company's documents (the definitions policy decides the rest). */
const OWN: Row = { reviewCompanies: false, reviewCompany: [], viewCompany: ["own"] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: OWN,
  master: OWN,
  sat: OWN,
  colegio: { reviewCompanies: true, reviewCompany: ["member"], viewCompany: ["own"] },
  administrador: OWN,
  gremio: OWN,
  portero: OWN,
  finca: OWN,
  unknown: OWN,
};

describe("a company's documents: the colegio reviews those of its companies, any other caller its own", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    it.each([null, COLEGIO_A, COLEGIO_B])("answers as the table says, with colg_id %s", (chosen) => {
      const caller = callerOf(roleName as RoleName, chosen);
      expect(documentPolicy.can(caller, "reviewCompanies", undefined), "reviewCompanies").toBe(row.reviewCompanies);
      const reviewed = REVIEW_CASE_NAMES.filter((name) =>
        documentPolicy.can(caller, "reviewCompany", REVIEW_CASES[name]),
      );
      expect(reviewed, "reviewCompany").toEqual(row.reviewCompany);
      const viewed = VIEW_CASE_NAMES.filter((name) =>
        documentPolicy.can(caller, "viewCompany", { companyId: VIEW_CASES[name](caller.companyId) }),
      );
      expect(viewed, "viewCompany").toEqual(row.viewCompany);
    });
  });
});

describe("its communities' documents side by side and one upload for many (ownCommunities): the administrator only", () => {
  it.each([...ROLE_NAMES])("%s", (roleName) => {
    for (const chosen of [null, COLEGIO_A, COLEGIO_B])
      expect(documentPolicy.can(callerOf(roleName, chosen), "ownCommunities", undefined)).toBe(
        roleName === "administrador",
      );
  });
});

describe("a document row: what the client is told (can_edit)", () => {
  const DOCS = {
    own: (me: number) => ({ uploaderCompanyId: me, colegioId: COLEGIO_A }),
    ownOtherColegio: (me: number) => ({ uploaderCompanyId: me, colegioId: COLEGIO_B }),
    others: () => ({ uploaderCompanyId: OTHER, colegioId: COLEGIO_A }),
  };
  type DocCase = keyof typeof DOCS;
  const DOC_NAMES = Object.keys(DOCS) as DocCase[];
  const UPLOADER: DocCase[] = ["own", "ownOtherColegio"];
  /** The cases where the row says the caller may edit it, with colegio A chosen. */
  const CAN_EDIT: Record<RoleName, DocCase[]> = {
    superadministrator: [],
    master: [],
    sat: [],
    colegio: [],
    administrador: ["own"],
    gremio: ["own"],
    portero: ["own"],
    finca: [],
    unknown: [],
  };

  it("has a row for every role", () => {
    expect(Object.keys(CAN_EDIT).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it.each(Object.entries(CAN_EDIT))("%s is told it edits as the policy's edit answers", (roleName, row) => {
    for (const chosen of [null, COLEGIO_A]) {
      const caller = callerOf(roleName as RoleName, chosen);
      const told = DOC_NAMES.filter((name) => {
        const doc = DOCS[name](caller.companyId);
        const { can_edit } = documentPolicy.abilities(caller, doc);
        expect(can_edit, name).toBe(documentPolicy.can(caller, "edit", doc));
        return can_edit;
      });
      // Without a chosen colegio the uploader edits its documents of every colegio.
      const expected = chosen === null && row.length > 0 ? UPLOADER : row;
      expect(told, `colg_id ${chosen}`).toEqual(expected);
    }
  });

  it("answers exactly the field the API sends", () => {
    const caller = callerOf("gremio");
    expect(documentPolicy.abilities(caller, DOCS.own(caller.companyId))).toEqual({ can_edit: true });
  });
});
