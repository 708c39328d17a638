import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { compliancePolicy, type ProviderStanding } from "./compliance.policy.js";

/**
 * The compliance policy answered for every role, as one table: who reads what it still owes, and who reads
 * which company's communities with its figures, or what it lacks over them (the colegio, for a provider
 * that works in it; what a company lacks is asked of any member, the service answering 404 for a member
 * that is not a provider, so that nobody learns the type of a company outside its colegio).
 */
const COMPANIES = {
  memberProvider: { type: Role.gremio, inColegio: true },
  formerProvider: { type: Role.gremio, inColegio: false },
  memberAdmin: { type: Role.administrador, inColegio: true },
  otherColegio: { type: Role.colegio, inColegio: false },
} satisfies Record<string, ProviderStanding>;
type CompanyName = keyof typeof COMPANIES;
const ALL_COMPANIES = Object.keys(COMPANIES) as CompanyName[];

interface Row {
  listUploadsPending: boolean;
  viewProviderFincas: CompanyName[];
  viewProviderMissing: CompanyName[];
}
const NOTHING: Row = { listUploadsPending: false, viewProviderFincas: [], viewProviderMissing: [] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: NOTHING,
  master: NOTHING,
  sat: NOTHING,
  colegio: {
    ...NOTHING,
    viewProviderFincas: ["memberProvider"],
    viewProviderMissing: ["memberProvider", "memberAdmin"],
  },
  administrador: NOTHING,
  gremio: { ...NOTHING, listUploadsPending: true },
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

describe("compliancePolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    const caller = { role: Role[roleName], companyId: 100, colegioId: null };

    it("reads the uploads it still owes as the table says", () => {
      expect(compliancePolicy.can(caller, "listUploadsPending", undefined)).toBe(row.listUploadsPending);
    });

    it.each(ALL_COMPANIES)("reads the communities of %s as the table says", (name) => {
      expect(compliancePolicy.can(caller, "viewProviderFincas", COMPANIES[name])).toBe(
        row.viewProviderFincas.includes(name),
      );
    });

    it.each(ALL_COMPANIES)("reads what %s lacks over its communities as the table says", (name) => {
      expect(compliancePolicy.can(caller, "viewProviderMissing", COMPANIES[name])).toBe(
        row.viewProviderMissing.includes(name),
      );
    });

    it("reads no company's communities, nor what it lacks, without knowing the company", () => {
      expect(compliancePolicy.can(caller, "viewProviderFincas", undefined)).toBe(false);
      expect(compliancePolicy.can(caller, "viewProviderMissing", undefined)).toBe(false);
    });
  });
});
