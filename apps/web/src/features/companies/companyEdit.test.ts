import type { CompanyView } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { hasChanges, updateRequest, valuesOf } from "./companyEdit";

const company: CompanyView = {
  id: 7,
  name: "Ascensores Levante S.L.",
  cif: "B87654321",
  type: 20,
  erased: false,
  email: null,
  person: null,
  tfn: null,
  address: null,
  city: null,
  country: null,
  postcode: null,
  owner_user: { id: 3, email: "proveedor@coordina.test", user_role: 20 },
  owner_company_id: 1,
  region: null,
  activities: [
    { id: 5, name: "Fontanería" },
    { id: 2, name: "Ascensores" },
  ],
  editable: true,
};

describe("the company editor", () => {
  const loaded = valuesOf(company);

  it("starts from the stored values: manager e-mail, CIF, name, type and activities by name", () => {
    expect(loaded).toMatchObject({ email: "proveedor@coordina.test", cif: "B87654321", type: 20 });
    expect(loaded.activities.map((a) => a.name)).toEqual(["Ascensores", "Fontanería"]);
    expect(valuesOf({ ...company, owner_user: null }).email).toBe("");
    // Only the two editable types; anything else shows as administrator (the default of the radio).
    expect(valuesOf({ ...company, type: 10 }).type).toBe(15);
  });

  it("has changes only when cif, name, e-mail, type or the activity list differ", () => {
    expect(hasChanges(loaded, { ...loaded })).toBe(false);
    expect(hasChanges(loaded, { ...loaded, activities: [...loaded.activities].reverse() })).toBe(false);
    expect(hasChanges(loaded, { ...loaded, name: ` ${loaded.name} ` })).toBe(false);
    expect(hasChanges(loaded, { ...loaded, name: "Otra S.L." })).toBe(true);
    expect(hasChanges(loaded, { ...loaded, cif: "B00000000" })).toBe(true);
    expect(hasChanges(loaded, { ...loaded, email: "otra@coordina.test" })).toBe(true);
    expect(hasChanges(loaded, { ...loaded, type: 15 })).toBe(true);
    expect(hasChanges(loaded, { ...loaded, activities: loaded.activities.slice(1) })).toBe(true);
  });

  it("always sends type and activities, and cif, name and e-mail only when changed", () => {
    expect(updateRequest(7, loaded, loaded)).toEqual({ company_id: 7, companytype: 20, activities: [2, 5] });
    expect(updateRequest(7, loaded, { ...loaded, email: " nuevo@coordina.test ", activities: [] })).toEqual({
      company_id: 7,
      companytype: 20,
      activities: [],
      email: "nuevo@coordina.test",
    });
    // No format check: the server decides.
    expect(updateRequest(7, loaded, { ...loaded, cif: "x" }).cif).toBe("x");
  });
});
