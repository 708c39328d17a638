import { isValidEmail, POSTCODE_LENGTH, ValidationKey } from "@coordina/domain";

/** The full company add form (spec 01 §2, §5). */
export const FIELDS = ["name", "email", "nif", "person", "tfn", "address", "city", "postcode", "province"] as const;
export type Field = (typeof FIELDS)[number];
export type FullFormValues = Record<Field, string>;

export const EMPTY: FullFormValues = {
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

export const MAX: Record<Field, number> = {
  name: 200,
  email: 254,
  nif: 20,
  person: 200,
  tfn: 30,
  address: 200,
  city: 200,
  postcode: 10,
  province: 200,
};

/** The message key of a field, or undefined when it is fine (spec 01 §5: all required, e-mail, cp of 5). */
export function fullFormError(field: Field, raw: string): string | undefined {
  const value = raw.trim();
  if (value === "") return ValidationKey.required;
  if (field === "email" && !isValidEmail(value)) return ValidationKey.emailFormat;
  if (field === "postcode" && value.length !== POSTCODE_LENGTH) return ValidationKey.postcode;
  return undefined;
}
