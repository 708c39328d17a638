import type { FullContactField, FullContactValues } from "@coordina/domain";

/**
 * The contact data of a company or of a community as their edit forms hold them (spec 02 §5 'Company
 * edit') and as the update calls take them in `company_data`.
 */
export interface ContactData {
  email: string;
  person: string;
  tfn: string;
  address: string;
  city: string;
  /** the province */
  country: string;
  postcode: string;
}

/** The loaded data as the form holds it: '' for what is not set. */
export function contactDataOf(view: { [K in keyof ContactData]: string | null }): ContactData {
  return {
    email: view.email ?? "",
    person: view.person ?? "",
    tfn: view.tfn ?? "",
    address: view.address ?? "",
    city: view.city ?? "",
    country: view.country ?? "",
    postcode: view.postcode ?? "",
  };
}

/** The data as sent: every value trimmed (other fields of `values` are left out). */
export function trimmedContactData(values: ContactData): ContactData {
  return {
    email: values.email.trim(),
    person: values.person.trim(),
    tfn: values.tfn.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    country: values.country.trim(),
    postcode: values.postcode.trim(),
  };
}

/**
 * The registration body of a full add form of a company or a community (spec 01 §5, spec 02 §3): every
 * value trimmed, the tax id also in `company_data`, the province as `country`.
 */
export function fullRegistrationOf(values: FullContactValues) {
  const v = (field: FullContactField) => values[field].trim();
  return {
    email: v("email"),
    company_name: v("name"),
    cif: v("nif"),
    company_data: {
      cif: v("nif"),
      person: v("person"),
      tfn: v("tfn"),
      address: v("address"),
      city: v("city"),
      country: v("province"),
      postcode: v("postcode"),
    },
  };
}
