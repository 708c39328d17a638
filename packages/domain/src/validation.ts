import { PASSWORD_MIN_LENGTH, POSTCODE_LENGTH } from "./constants.js";
import { ValidationKey, type ValidationKeyValue } from "./errors.js";

/**
 * Pragmatic e-mail format check: one @, a non-empty local part without spaces, a dotted domain whose
 * labels are alphanumeric or hyphen and a final label of at least two letters.
 */
const EMAIL_RE =
  /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_RE.test(email);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Special characters accepted by the strength rule (spec 01 §5). */
const PASSWORD_SPECIALS = "!@#$%^&*()_+-={}[]|:;\"'<>,.?/";

function hasSpecial(password: string): boolean {
  for (const ch of password) if (PASSWORD_SPECIALS.includes(ch)) return true;
  return false;
}

/**
 * Strength rule (key login.password-must): at least 8 characters, at least one uppercase letter and
 * one special character.
 */
export function passwordMeetsRule(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && hasSpecial(password);
}

/**
 * Strength meter 0..10: +2 for 8 or more characters, +2 for 12 or more, +2 uppercase, +2 lowercase,
 * +1 digit, +1 special.
 */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= 8) score += 2;
  if (password.length >= 12) score += 2;
  if (/[A-Z]/.test(password)) score += 2;
  if (/[a-z]/.test(password)) score += 2;
  if (/[0-9]/.test(password)) score += 1;
  if (hasSpecial(password)) score += 1;
  return score;
}

/** The two password entries must match after trimming (key login.passwords-different). */
export function passwordsMatch(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

/** Tax ids are compared upper-cased without spaces, dots or dashes (DESIGN.md §5). */
export function normalizeTaxId(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

/**
 * The fields of the full add forms of a company and of a community (spec 01 §5, spec 02 §5): name,
 * e-mail, tax id, contact person, telephone, address, city, postcode and province.
 */
export const FULL_CONTACT_FIELDS = [
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
export type FullContactField = (typeof FULL_CONTACT_FIELDS)[number];
export type FullContactValues = Record<FullContactField, string>;

/** A field of a full add form: every one required, the e-mail valid, the postcode of exactly 5. */
export function fullContactFieldError(field: FullContactField, raw: string): ValidationKeyValue | undefined {
  const value = raw.trim();
  if (value === "") return ValidationKey.required;
  if (field === "email" && !isValidEmail(value)) return ValidationKey.emailFormat;
  if (field === "postcode" && value.length !== POSTCODE_LENGTH) return ValidationKey.postcode;
  return undefined;
}

/**
 * A field of the edit form of a company's or a community's data (spec 02 §5 'Company edit'): the name
 * required, the e-mail valid or empty, the postcode empty or of 5; the other fields as they come.
 */
export function editContactFieldError(field: string, raw: string): ValidationKeyValue | undefined {
  const value = raw.trim();
  if (field === "name" && value === "") return ValidationKey.nameRequired;
  if (field === "email" && value !== "" && !isValidEmail(value)) return ValidationKey.emailFormat;
  if (field === "postcode" && value !== "" && value.length !== POSTCODE_LENGTH) return ValidationKey.postcodeOptional;
  return undefined;
}
