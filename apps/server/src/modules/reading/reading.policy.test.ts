import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { readerKindOf, readingPolicy } from "./reading.policy.js";

/**
 * The reading policy answered for every role, as one table. The caller's company is ME (for the colegio
 * role: colegio A itself); `own` names the caller's company in the facts, `other` another company. The
 * colegio the request selected (colg_id) changes nothing here: the community is checked by its own policy.
 */
const ME = 100;
const OTHER = 200;
const COLEGIO_A = 10;

const ROLE_NAMES = Object.keys(Role) as RoleName[];
const companyOf = (role: number) => (role === Role.colegio ? COLEGIO_A : ME);
const COMPANIES = ["own", "other"] as const;
type Company = (typeof COMPANIES)[number];

interface Row {
  readFromAdministrator: boolean;
  read: boolean;
  listPendingReads: boolean;
  /** for which company it marks a document read */
  markFor: Company[];
  /** which provider's reading it sees (read_by_provider) */
  readProviderDocuments: Company[];
  /** which porter's documents it sees (porteros/documents/*), by the porter's company */
  readPorterDocuments: Company[];
}
const NOTHING: Row = {
  readFromAdministrator: false,
  read: false,
  listPendingReads: false,
  markFor: [],
  readProviderDocuments: [],
  readPorterDocuments: [],
};

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: { ...NOTHING, readProviderDocuments: ["own", "other"], readPorterDocuments: ["own", "other"] },
  administrador: {
    ...NOTHING,
    read: true,
    markFor: ["own"],
    readProviderDocuments: ["own", "other"],
    readPorterDocuments: ["own", "other"],
  },
  gremio: {
    readFromAdministrator: true,
    read: true,
    listPendingReads: true,
    markFor: ["own"],
    readProviderDocuments: ["own"],
    readPorterDocuments: [],
  },
  portero: { ...NOTHING, read: true, markFor: ["own"], readPorterDocuments: ["own"] },
  finca: NOTHING,
  unknown: NOTHING,
};

describe("reading: who reads, marks and sees what in a community", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(TABLE))("%s", (roleName, row) => {
    const role = Role[roleName as RoleName];
    const idOf = (company: Company) => (company === "own" ? companyOf(role) : OTHER);

    it.each([null, COLEGIO_A])("answers as the table says, with colg_id %s", (chosen) => {
      const caller = { role, companyId: companyOf(role), colegioId: chosen };
      expect(readingPolicy.can(caller, "readFromAdministrator", undefined), "readFromAdministrator").toBe(
        row.readFromAdministrator,
      );
      expect(readingPolicy.can(caller, "read", undefined), "read").toBe(row.read);
      expect(readingPolicy.can(caller, "listPendingReads", undefined), "listPendingReads").toBe(row.listPendingReads);
      const marks = COMPANIES.filter((c) => readingPolicy.can(caller, "markFor", { companyId: idOf(c) }));
      expect(marks, "markFor").toEqual(row.markFor);
      const seen = COMPANIES.filter((c) => readingPolicy.can(caller, "readProviderDocuments", { providerId: idOf(c) }));
      expect(seen, "readProviderDocuments").toEqual(row.readProviderDocuments);
      const porters = COMPANIES.filter((c) =>
        readingPolicy.can(caller, "readPorterDocuments", { porterCompanyId: idOf(c) }),
      );
      expect(porters, "readPorterDocuments").toEqual(row.readPorterDocuments);
      // A porter id that names no user names nobody's documents.
      expect(readingPolicy.can(caller, "readPorterDocuments", { porterCompanyId: null })).toBe(
        row.readPorterDocuments.includes("other"),
      );
    });
  });

  it("whoever reads, even only what administrators give, reads as a provider, an administrator or a porter", () => {
    const KINDS: Partial<Record<number, string>> = {
      [Role.gremio]: "provider",
      [Role.administrador]: "administrator",
      [Role.portero]: "portero",
    };
    for (const roleName of ROLE_NAMES) {
      const role = Role[roleName];
      const caller = { role, companyId: companyOf(role), colegioId: null };
      const reads =
        readingPolicy.can(caller, "read", undefined) || readingPolicy.can(caller, "readFromAdministrator", undefined);
      const expected = KINDS[role] ?? null;
      expect(readerKindOf(caller), roleName).toBe(expected);
      if (reads) expect(readerKindOf(caller), roleName).not.toBeNull();
    }
  });

  it("whoever marks for a company also reads", () => {
    for (const roleName of ROLE_NAMES) {
      const role = Role[roleName];
      const caller = { role, companyId: companyOf(role), colegioId: null };
      if (readingPolicy.can(caller, "markFor", { companyId: caller.companyId })) {
        expect(readingPolicy.can(caller, "read", undefined), roleName).toBe(true);
      }
    }
  });
});
