import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { summaryPolicy } from "./summaries.policy.js";

/** Who reads the summaries of a colegio's member companies, for every role. */
const TABLE: Record<RoleName, boolean> = {
  superadministrator: false,
  master: false,
  sat: false,
  colegio: true,
  administrador: false,
  gremio: false,
  portero: false,
  finca: false,
  unknown: false,
};

describe("summaryPolicy over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  it.each(Object.entries(TABLE) as [RoleName, boolean][])("%s reads the summaries: %s", (roleName, allowed) => {
    const caller = { role: Role[roleName], companyId: 100, colegioId: null };
    expect(summaryPolicy.can(caller, "read", undefined)).toBe(allowed);
  });
});
