import { FEATURE, Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { menuFor } from "./menu";

/** The entries AppLayout marks current on a page under their path (besides the one linking to it). */
const currentOn = (role: number, pathname: string) =>
  menuFor(role, [FEATURE.porterosAdmin])
    .filter((item) => item.within !== undefined && pathname.startsWith(item.within))
    .map((item) => item.label);

describe("the menu entry current inside its area", () => {
  it("'Mis comunidades' in a community's porter panel and its '¿Quién viene hoy?'", () => {
    expect(currentOn(Role.portero, "/porteros/comunidades/7")).toEqual(["mis-comunidades"]);
    expect(currentOn(Role.portero, "/porteros/comunidades/7/llegadas")).toEqual(["mis-comunidades"]);
    expect(currentOn(Role.portero, "/my-data")).toEqual([]);
  });

  it("'Porteros' on a porter's communities in the doormen summary", () => {
    expect(currentOn(Role.administrador, "/admin-fincas/porteros/31")).toEqual(["porteros"]);
    expect(currentOn(Role.administrador, "/admin-fincas/proveedor/4")).toEqual([]);
  });

  it("'Comunidades' in a community's panel, the porters' views included", () => {
    expect(currentOn(Role.administrador, "/comunidades/comunidad/7/porteros")).toEqual(["comunidades"]);
  });
});
