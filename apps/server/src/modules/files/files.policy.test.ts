import { Requirement, Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, companyOf, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import { type FileAction, type FileFacts, filePolicy } from "./files.policy.js";

/**
 * The file policy answered for every role against every kind of file, as one table. The caller's company
 * is ME (for the colegio role: colegio A itself); no colegio is chosen (colg_id). A document's file is
 * judged as the document (documents.policy.test.ts has that table in full), a template as its
 * definition, a loose file by its owner company.
 */

const document = (uploader: number, member: boolean, shares: boolean) => ({
  facts: { uploaderCompanyId: uploader, colegioId: COLEGIO_A, dest: Requirement.provider, member, shares },
});
const template = (colegioId: number, member: boolean, porterInColegio: boolean) => ({
  place: { colegioId, member, porterInColegio },
});

/** The cases, given the caller's company (`me`). */
const CASES = {
  /** uploaded by the caller's company, attached to nothing yet */
  looseOwn: (me: number): FileFacts => ({ ownerCompanyId: me, document: null, template: null }),
  looseOther: (): FileFacts => ({ ownerCompanyId: OTHER, document: null, template: null }),
  /** the caller's company's document of colegio A (for providers), its company a member there */
  documentOwn: (me: number): FileFacts => ({ ownerCompanyId: me, document: document(me, true, false), template: null }),
  /** another company's document for providers, in a community the caller takes part in */
  documentShared: (): FileFacts => ({ ownerCompanyId: OTHER, document: document(OTHER, true, true), template: null }),
  /** another company's document the caller shares no community with */
  documentOther: (): FileFacts => ({ ownerCompanyId: OTHER, document: document(OTHER, true, false), template: null }),
  /** a template of colegio A, the caller's company a member there */
  templateMember: (): FileFacts => ({
    ownerCompanyId: COLEGIO_A,
    document: null,
    template: template(COLEGIO_A, true, false),
  }),
  /** … the caller a porter of a community of colegio A */
  templatePorter: (): FileFacts => ({
    ownerCompanyId: COLEGIO_A,
    document: null,
    template: template(COLEGIO_A, false, true),
  }),
  /** … the caller neither */
  templateStranger: (): FileFacts => ({
    ownerCompanyId: COLEGIO_A,
    document: null,
    template: template(COLEGIO_A, false, false),
  }),
  /** a template of colegio B, where the caller is member and porter */
  templateOtherColegio: (): FileFacts => ({
    ownerCompanyId: COLEGIO_B,
    document: null,
    template: template(COLEGIO_B, true, true),
  }),
} satisfies Record<string, (me: number) => FileFacts>;
type CaseName = keyof typeof CASES;
const CASE_NAMES = Object.keys(CASES) as CaseName[];

type Row = Record<FileAction, CaseName[]>;
const ACTIONS: FileAction[] = ["view", "edit", "attach"];
/** Roles with no part in documents still own what their company uploaded (their routes let them upload none). */
const OWNER_ONLY: Row = { view: ["looseOwn"], edit: ["looseOwn"], attach: ["looseOwn", "documentOwn"] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: OWNER_ONLY,
  master: OWNER_ONLY,
  sat: OWNER_ONLY,
  colegio: {
    view: [
      "looseOwn",
      "documentOwn",
      "documentShared",
      "documentOther",
      "templateMember",
      "templatePorter",
      "templateStranger",
    ],
    edit: ["looseOwn", "templateMember", "templatePorter", "templateStranger"],
    attach: ["looseOwn", "documentOwn", "templateMember", "templatePorter", "templateStranger"],
  },
  administrador: {
    view: ["looseOwn", "documentOwn", "documentShared", "templateMember", "templateOtherColegio"],
    edit: ["looseOwn", "documentOwn"],
    attach: ["looseOwn", "documentOwn"],
  },
  gremio: {
    view: ["looseOwn", "documentOwn", "documentShared", "templateMember", "templateOtherColegio"],
    edit: ["looseOwn", "documentOwn"],
    attach: ["looseOwn", "documentOwn"],
  },
  portero: {
    view: ["looseOwn", "documentOwn", "templatePorter", "templateOtherColegio"],
    edit: ["looseOwn", "documentOwn"],
    attach: ["looseOwn", "documentOwn"],
  },
  finca: OWNER_ONLY,
  unknown: OWNER_ONLY,
};

describe("files: who sees, changes and attaches which file", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];
    const caller = { role, companyId: companyOf(role), colegioId: null };

    it.each(ACTIONS)("may %s exactly the files the table says", (action) => {
      const allowed = CASE_NAMES.filter((name) => filePolicy.can(caller, action, CASES[name](caller.companyId)));
      expect(allowed).toEqual(row[action]);
    });

    it("never changes a file it may not see", () => {
      for (const name of CASE_NAMES) {
        const facts = CASES[name](caller.companyId);
        if (filePolicy.can(caller, "edit", facts)) expect(filePolicy.can(caller, "view", facts), name).toBe(true);
      }
    });
  });
});
