import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { settingsPolicy } from "./settings.policy.js";

/** Assigned settings are personal: every role reads its own and nobody else's. */
const ROLES = Object.keys(Role) as RoleName[];

describe("settingsPolicy over every role", () => {
  it.each(ROLES)("%s reads its own settings only", (roleName) => {
    const caller = { role: Role[roleName], companyId: 100, colegioId: null };
    expect(settingsPolicy.can(caller, "read", { own: true })).toBe(true);
    expect(settingsPolicy.can(caller, "read", { own: false })).toBe(false);
  });
});
