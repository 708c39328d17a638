import type { CompanyView } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { formOf, hasChanges, problemsOf, requestOf, trimmed } from "./companyForm";

const company: CompanyView = {
  id: 7,
  name: "Fincas Centro S.L.",
  cif: "B12345678",
  type: 15,
  erased: false,
  email: null,
  person: "Ana",
  tfn: null,
  address: "Calle Mayor 1",
  city: "Madrid",
  country: "Madrid",
  postcode: "28013",
  owner_user: { id: 3, email: "admin@coordina.test", user_role: 15 },
  owner_company_id: 1,
  region: null,
  activities: [],
  editable: true,
};

describe("company form", () => {
  it("starts from the loaded company, blanks for what is not set", () => {
    const form = formOf(company);
    expect(form.email).toBe("");
    expect(form.region).toBe("");
    expect(problemsOf(form)).toEqual({});
    expect(hasChanges(form, form)).toBe(false);
  });

  it("requires a name, a valid e-mail if any and a postcode empty or of 5 characters", () => {
    const form = { ...formOf(company), name: "  ", email: "sin-arroba", postcode: "2801" };
    expect(problemsOf(form)).toEqual({
      name: "validate.name-required",
      email: "validate.email-format",
      postcode: "validate.postcode-optional",
    });
    expect(problemsOf({ ...formOf(company), email: " info@fincas.test ", postcode: "" })).toEqual({});
  });

  it("sees a change only where a value differs beyond surrounding spaces", () => {
    const loaded = formOf(company);
    expect(hasChanges(loaded, { ...loaded, city: " Madrid " })).toBe(false);
    expect(hasChanges(loaded, { ...loaded, city: "Alcalá" })).toBe(true);
  });

  it("sends the trimmed data, the province as country, and the region only for a colegio", () => {
    const form = { ...formOf(company), tfn: " 910000000 ", region: "MD" };
    const admin = requestOf(7, form, false);
    expect(admin).toEqual({
      id: 7,
      name: "Fincas Centro S.L.",
      cif: "B12345678",
      company_data: {
        email: "",
        person: "Ana",
        tfn: "910000000",
        address: "Calle Mayor 1",
        city: "Madrid",
        country: "Madrid",
        postcode: "28013",
      },
    });
    expect(requestOf(7, form, true).company_data?.region).toBe("MD");
    expect(requestOf(7, { ...form, region: "" }, true).company_data?.region).toBeNull();
    expect(trimmed(form).tfn).toBe("910000000");
  });
});
