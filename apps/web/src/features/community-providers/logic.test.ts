import { describe, expect, it } from "vitest";
import { showsCommunity } from "./communityQueries";
import { providerPath, providersPath, readLinkState } from "./providerLink";

describe("showsCommunity", () => {
  it("matches the panel's community whether its id is a number or a string", () => {
    expect(showsCommunity(["community", 7], 7)).toBe(true);
    expect(showsCommunity(["community", "7"], 7)).toBe(true);
    expect(showsCommunity(["community", 7, "view"], 7)).toBe(true);
  });

  it("leaves other communities and other lists alone, but matches every communities list", () => {
    expect(showsCommunity(["community", 8], 7)).toBe(false);
    expect(showsCommunity(["community"], 7)).toBe(false);
    expect(showsCommunity(["community-providers", { idFinca: 7 }], 7)).toBe(false);
    expect(showsCommunity(["communities", { page: 1 }], 7)).toBe(true);
    expect(showsCommunity(["provider-communities", { page: 1 }], 7)).toBe(false);
  });
});

describe("readLinkState", () => {
  it("takes the name (and whether it is active) from the list's link", () => {
    expect(readLinkState({ name: "Ascensores", active: false })).toEqual({ name: "Ascensores", active: false });
    expect(readLinkState({ name: "Ascensores" })).toEqual({ name: "Ascensores", active: true });
  });

  it("ignores a missing or foreign state", () => {
    expect(readLinkState(null)).toBeNull();
    expect(readLinkState(undefined)).toBeNull();
    expect(readLinkState({ back: "/x" })).toBeNull();
    expect(readLinkState({ name: "" })).toBeNull();
    expect(readLinkState("Ascensores")).toBeNull();
  });
});

describe("provider paths", () => {
  it("stay inside the community panel", () => {
    expect(providersPath(7)).toBe("/comunidades/comunidad/7/proveedores");
    expect(providerPath(7, 12)).toBe("/comunidades/comunidad/7/proveedores/12");
  });
});
