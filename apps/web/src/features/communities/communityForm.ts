import {
  type CommunityRegistrationRequest,
  type CommunityUpdateRequest,
  type CommunityView,
  isValidEmail,
  POSTCODE_LENGTH,
  ValidationKey,
} from "@coordina/domain";

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

// ── Full add form (spec 02 §5): every field required, e-mail valid, postcode of exactly 5 ──
export const FULL_FIELDS = [
  "name",
  "email",
  "nif",
  "person",
  "tfn",
  "address",
  "city",
  "postcode",
  "province",
] as const;
export type FullField = (typeof FULL_FIELDS)[number];
export type FullValues = Record<FullField, string>;

export const FULL_EMPTY: FullValues = {
  name: "",
  email: "",
  nif: "",
  person: "",
  tfn: "",
  address: "",
  city: "",
  postcode: "",
  province: "",
};

/** Longest value each field takes (what the server accepts). */
export const FULL_MAX: Record<FullField, number> = {
  name: 200,
  email: 254,
  nif: 20,
  person: 200,
  tfn: 30,
  address: 200,
  city: 200,
  postcode: POSTCODE_LENGTH,
  province: 200,
};

/** The message key of a field of the full form, or undefined when it is fine (as the company full form). */
export function communityFormError(field: FullField, raw: string): string | undefined {
  const value = raw.trim();
  if (value === "") return ValidationKey.required;
  if (field === "email" && !isValidEmail(value)) return ValidationKey.emailFormat;
  if (field === "postcode" && value.length !== POSTCODE_LENGTH) return ValidationKey.postcode;
  return undefined;
}

/** The registration call's body: trimmed values, the province as `country`, the e-mail also as `mail`. */
export function registrationOf(values: FullValues): CommunityRegistrationRequest {
  const v = (field: FullField) => values[field].trim();
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
      mail: v("email"),
    },
  };
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
  return {
    name: community.name,
    cif: community.cif,
    email: community.email ?? "",
    person: community.person ?? "",
    tfn: community.tfn ?? "",
    address: community.address ?? "",
    postcode: community.postcode ?? "",
    city: community.city ?? "",
    country: community.country ?? "",
  };
}

/** The message key of an edited field, or undefined when it is fine. */
export function editFormError(field: EditField, raw: string): string | undefined {
  const value = raw.trim();
  if (field === "name" && value === "") return ValidationKey.nameRequired;
  if (field === "cif" && value === "") return ValidationKey.cifInvalid;
  if (field === "email" && value !== "" && !isValidEmail(value)) return ValidationKey.emailFormat;
  if (field === "postcode" && value !== "" && value.length !== POSTCODE_LENGTH) return ValidationKey.postcodeOptional;
  return undefined;
}

/** Whether anything differs from what was loaded (surrounding spaces do not count). */
export function editChanged(loaded: EditValues, edited: EditValues): boolean {
  return EDIT_FIELDS.some((field) => loaded[field].trim() !== edited[field].trim());
}

/** The update call's body: every value trimmed, the province as `country`. */
export function updateOf(id: number, values: EditValues): CommunityUpdateRequest {
  const v = (field: EditField) => values[field].trim();
  return {
    id,
    name: v("name"),
    cif: v("cif"),
    company_data: {
      email: v("email"),
      person: v("person"),
      tfn: v("tfn"),
      address: v("address"),
      city: v("city"),
      country: v("country"),
      postcode: v("postcode"),
    },
  };
}
