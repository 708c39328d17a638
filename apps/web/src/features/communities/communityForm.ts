import {
  type CommunityRegistrationRequest,
  type CommunityUpdateRequest,
  type CommunityView,
  editContactFieldError,
  type FullContactValues,
  POSTCODE_LENGTH,
  ValidationKey,
} from "@coordina/domain";
import { contactDataOf, fullRegistrationOf, trimmedContactData } from "../../app/contactData";

// ── Simple add form (spec 02 §2 'Add community', §5): name and tax id, both required ──
export const ADD_FIELDS = ["name", "cif"] as const;
export type AddField = (typeof ADD_FIELDS)[number];
export type AddValues = Record<AddField, string>;
export const ADD_EMPTY: AddValues = { name: "", cif: "" };

/** The message key of a field of the simple form, or undefined when it is fine. */
export function addFormError(field: AddField, raw: string): string | undefined {
  if (raw.trim() !== "") return undefined;
  return field === "name" ? ValidationKey.nameRequired : ValidationKey.cifInvalid;
}

// ── Full add form (spec 02 §5): the company full form's fields and rules (FULL_CONTACT_FIELDS, domain) ──

/** The registration call's body: trimmed values, the province as `country`, the e-mail also as `mail`. */
export function registrationOf(values: FullContactValues): CommunityRegistrationRequest {
  const body = fullRegistrationOf(values);
  return { ...body, company_data: { ...body.company_data, mail: body.email } };
}

// ── Edit (spec 02 §5 'Company edit'): name required, e-mail valid or empty, postcode empty or 5 ──
export const EDIT_FIELDS = ["name", "cif", "email", "person", "tfn", "address", "postcode", "city", "country"] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditValues = Record<EditField, string>;

export const EDIT_MAX: Record<EditField, number> = {
  name: 200,
  cif: 20,
  email: 254,
  person: 200,
  tfn: 30,
  address: 200,
  postcode: POSTCODE_LENGTH,
  city: 200,
  country: 200,
};

export function editValuesOf(community: CommunityView): EditValues {
  return { name: community.name, cif: community.cif, ...contactDataOf(community) };
}

/** The message key of an edited field, or undefined when it is fine: the company edit's rules, and a tax id. */
export function editFormError(field: EditField, raw: string): string | undefined {
  if (field === "cif" && raw.trim() === "") return ValidationKey.cifInvalid;
  return editContactFieldError(field, raw);
}

/** Whether anything differs from what was loaded (surrounding spaces do not count). */
export function editChanged(loaded: EditValues, edited: EditValues): boolean {
  return EDIT_FIELDS.some((field) => loaded[field].trim() !== edited[field].trim());
}

/** The update call's body: every value trimmed, the province as `country`. */
export function updateOf(id: number, values: EditValues): CommunityUpdateRequest {
  return { id, name: values.name.trim(), cif: values.cif.trim(), company_data: trimmedContactData(values) };
}
