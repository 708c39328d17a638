import { describe, expect, it } from "vitest";
import {
  expiryState,
  expiryText,
  formatDay,
  partyOfRole,
  Requirement,
  requirementIncludes,
  requirementsIncluding,
  todayInSpain,
} from "./documents.js";
import { Role } from "./roles.js";

describe("requirement values", () => {
  it("name the parties the spec lists for each role (02 §6 'Upload origin by role')", () => {
    expect(requirementsIncluding("administrator")).toEqual([0, 27]);
    expect(requirementsIncluding("provider")).toEqual([5, 26, 27]);
    expect(requirementsIncluding("portero")).toEqual([25, 26, 27]);
    expect(requirementIncludes(Requirement.none, "provider")).toBe(false);
    expect(requirementIncludes(99, "provider")).toBe(false);
  });

  it("map roles to parties: administrador, gremio, portero; nobody else uploads", () => {
    expect(partyOfRole(Role.administrador)).toBe("administrator");
    expect(partyOfRole(Role.gremio)).toBe("provider");
    expect(partyOfRole(Role.portero)).toBe("portero");
    for (const role of [Role.colegio, Role.master, Role.superadministrator, Role.finca])
      expect(partyOfRole(role)).toBeNull();
  });
});

describe("expiry indicator (02 §4)", () => {
  it("is valid through the day of its date and expired from the next", () => {
    expect(expiryText(expiryState("2026-11-23", "2026-11-23"))).toBe("Caducidad: 23/11/2026");
    expect(expiryText(expiryState("2026-11-22", "2026-11-23"))).toBe("Caducado desde 22/11/2026");
    expect(expiryText(expiryState(null, "2026-11-23"))).toBe("Caducidad: no tiene");
    expect(formatDay("2027-01-05")).toBe("05/01/2027");
  });

  it("counts days in Spain: 23:30 UTC on 31 December is already 1 January in Madrid", () => {
    expect(todayInSpain(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(todayInSpain(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
  });

  it("turns the day at Spain's midnight to the millisecond, though it formats once a minute", () => {
    expect(todayInSpain(new Date("2026-07-01T21:59:00.000Z"))).toBe("2026-07-01");
    expect(todayInSpain(new Date("2026-07-01T21:59:59.999Z"))).toBe("2026-07-01");
    expect(todayInSpain(new Date("2026-07-01T22:00:00.000Z"))).toBe("2026-07-02");
    expect(todayInSpain(new Date("2026-07-01T21:59:30.000Z"))).toBe("2026-07-01");
    // Winter time: midnight is 23:00 UTC.
    expect(todayInSpain(new Date("2026-12-31T22:59:59.999Z"))).toBe("2026-12-31");
    expect(todayInSpain(new Date("2026-12-31T23:00:00.000Z"))).toBe("2027-01-01");
  });
});
