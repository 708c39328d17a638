import { describe, expect, it } from "vitest";
import { providerPath, providersPath, readLinkState } from "./providerLink";

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
