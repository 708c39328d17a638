import { type DefinitionDocuments, Requirement } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { everyDefinition, forTheAdministrator, providersLopd } from "./communityViews";

const item = (requirement_dest: number) => ({ definition: { requirement_dest } }) as unknown as DefinitionDocuments;

describe("the administrator's document views of the community panel", () => {
  it("'Documentos para el administrador' keeps the definitions whose destination includes the administrator", () => {
    expect(forTheAdministrator(item(Requirement.administrator))).toBe(true);
    expect(forTheAdministrator(item(Requirement.administrador_provider_portero))).toBe(true);
    expect(forTheAdministrator(item(Requirement.provider))).toBe(false);
    expect(forTheAdministrator(item(Requirement.provider_portero))).toBe(false);
    expect(forTheAdministrator(item(Requirement.portero))).toBe(false);
    expect(forTheAdministrator(item(Requirement.none))).toBe(false);
  });

  it("'Documentos de la comunidad' keeps every definition", () => {
    expect(everyDefinition(item(Requirement.provider))).toBe(true);
    expect(everyDefinition(item(Requirement.none))).toBe(true);
  });
});

describe("'LOPD' in the community panel", () => {
  const lopd = (requirement_origin: number, group: string | null) =>
    ({ definition: { requirement_origin, group } }) as unknown as DefinitionDocuments;

  it("lists the LOPD-group definitions providers upload, not other groups nor the administrator's own", () => {
    expect(providersLopd(lopd(Requirement.provider, "LOPD"))).toBe(true);
    expect(providersLopd(lopd(Requirement.administrador_provider_portero, "LOPD"))).toBe(true);
    expect(providersLopd(lopd(Requirement.provider, null))).toBe(false);
    expect(providersLopd(lopd(Requirement.provider, "PORTERO"))).toBe(false);
    expect(providersLopd(lopd(Requirement.administrator, "LOPD"))).toBe(false);
  });
});
