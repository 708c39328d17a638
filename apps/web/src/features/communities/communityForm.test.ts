import { type CommunityView, ValidationKey } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import {
  ADD_FIELDS,
  addFormError,
  editChanged,
  editFormError,
  editValuesOf,
  registrationOf,
  updateOf,
} from "./communityForm";

const community: CommunityView = {
  id: 7,
  name: "Comunidad de Propietarios Calle Mayor 10",
  cif: "H28000010",
  email: null,
  person: "Lucía",
  tfn: null,
  address: "Calle Mayor 10",
  city: "Madrid",
  country: "Madrid",
  postcode: "28013",
  colegio_id: 1,
  owner: 3,
  admin: "Fincas Centro Administración S.L.",
  proveedores_count: 1,
  porteros_count: 0,
  editable: true,
  menu: { provider_bound_docs: false, porter_docs: false, lopd_docs: false, pending_read: false },
};

describe("the simple add form", () => {
  it("requires a name and a tax id", () => {
    for (const field of ADD_FIELDS) expect(addFormError(field, "  "), field).toBeDefined();
    expect(addFormError("name", "")).toBe(ValidationKey.nameRequired);
    expect(addFormError("cif", "")).toBe(ValidationKey.cifInvalid);
    expect(addFormError("name", "Comunidad Sol 3")).toBeUndefined();
    expect(addFormError("cif", "H28000011")).toBeUndefined();
  });
});

describe("the full add form", () => {
  it("sends trimmed values, the province as country and the e-mail also as contact mail", () => {
    const values = {
      name: " Comunidad Sol 3 ",
      email: "presi@coordina.test",
      nif: "H28000011",
      person: "Pedro",
      tfn: "910000000",
      address: "Calle Sol 3",
      city: "Alcalá",
      postcode: "28801",
      province: "Madrid",
    };
    expect(registrationOf(values)).toEqual({
      email: "presi@coordina.test",
      company_name: "Comunidad Sol 3",
      cif: "H28000011",
      company_data: {
        cif: "H28000011",
        person: "Pedro",
        tfn: "910000000",
        address: "Calle Sol 3",
        city: "Alcalá",
        country: "Madrid",
        postcode: "28801",
        mail: "presi@coordina.test",
      },
    });
  });
});

describe("the community edit form", () => {
  it("starts from the loaded community, blanks for what is not set, and sees no change", () => {
    const values = editValuesOf(community);
    expect(values.email).toBe("");
    expect(values.tfn).toBe("");
    expect(editChanged(values, values)).toBe(false);
    expect(editChanged(values, { ...values, city: " Madrid " })).toBe(false);
    expect(editChanged(values, { ...values, city: "Alcalá" })).toBe(true);
  });

  it("requires a name and a tax id; e-mail valid or empty; postcode empty or of 5", () => {
    expect(editFormError("name", " ")).toBe(ValidationKey.nameRequired);
    expect(editFormError("cif", "")).toBe(ValidationKey.cifInvalid);
    expect(editFormError("email", "")).toBeUndefined();
    expect(editFormError("email", "mal")).toBe(ValidationKey.emailFormat);
    expect(editFormError("email", "info@fincas.test")).toBeUndefined();
    expect(editFormError("postcode", "")).toBeUndefined();
    expect(editFormError("postcode", "280")).toBe(ValidationKey.postcodeOptional);
    expect(editFormError("postcode", "28013")).toBeUndefined();
    expect(editFormError("person", "")).toBeUndefined();
  });

  it("sends every value trimmed", () => {
    const values = { ...editValuesOf(community), tfn: " 910000000 " };
    expect(updateOf(7, values)).toEqual({
      id: 7,
      name: "Comunidad de Propietarios Calle Mayor 10",
      cif: "H28000010",
      company_data: {
        email: "",
        person: "Lucía",
        tfn: "910000000",
        address: "Calle Mayor 10",
        city: "Madrid",
        country: "Madrid",
        postcode: "28013",
      },
    });
  });
});
