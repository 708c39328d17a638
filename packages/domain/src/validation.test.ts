import { describe, expect, it } from "vitest";
import { ValidationKey } from "./errors.js";
import {
  editContactFieldError,
  FULL_CONTACT_FIELDS,
  fullContactFieldError,
  isValidEmail,
  normalizeTaxId,
  passwordMeetsRule,
  passwordStrength,
  passwordsMatch,
} from "./validation.js";

describe("password strength meter (0–10)", () => {
  it.each([
    ["", 0],
    ["abc", 2], // lowercase only
    ["abcdefgh", 4], // 8+ and lowercase
    ["Abcdefgh", 6], // + uppercase
    ["Abcdefg1", 7], // + digit
    ["Abcdef1!", 8], // + special
    ["Abcdefghij1!", 10], // 12+ with everything
    ["ABCDEFGHIJKL", 6], // 8+, 12+, uppercase
    ["12345678", 3], // 8+ and digit
    ["!!!!!!!!", 3], // 8+ and special
  ])("scores %j as %i", (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it("never leaves 0..10", () => {
    for (const p of ["a", "Zz9!", "x".repeat(50), "Coordina2026!"]) {
      expect(passwordStrength(p)).toBeGreaterThanOrEqual(0);
      expect(passwordStrength(p)).toBeLessThanOrEqual(10);
    }
  });
});

describe("password strength rule (login.password-must)", () => {
  it("requires 8 characters, an uppercase letter and a special character", () => {
    expect(passwordMeetsRule("Coordina2026!")).toBe(true);
    expect(passwordMeetsRule("Abcdefg!")).toBe(true);
    expect(passwordMeetsRule("Abcdef!")).toBe(false); // 7 characters
    expect(passwordMeetsRule("abcdefg!")).toBe(false); // no uppercase
    expect(passwordMeetsRule("Abcdefgh1")).toBe(false); // no special
  });

  it("accepts every special character of the spec's list", () => {
    for (const ch of "!@#$%^&*()_+-={}[]|:;\"'<>,.?/") expect(passwordMeetsRule(`Abcdefg${ch}`)).toBe(true);
    expect(passwordMeetsRule("Abcdefg~")).toBe(false);
  });

  it("compares both entries after trimming", () => {
    expect(passwordsMatch(" Abc ", "Abc")).toBe(true);
    expect(passwordsMatch("Abc", "abc")).toBe(false);
  });
});

describe("e-mail format", () => {
  it.each(["admin@coordina.test", "ana.perez+cae@fincas-centro.es", " user@example.com ", "a@b.co"])(
    "accepts %j",
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each(["", "admin", "admin@", "@coordina.es", "a b@c.es", "a@b", "a@b.c", "a@-b.es", "a@@b.es", "a@b..es"])(
    "rejects %j",
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});

describe("tax ids", () => {
  it("compare upper-cased without spaces, dots or dashes", () => {
    expect(normalizeTaxId(" b-86.123 450 ")).toBe("B86123450");
  });
});

describe("the full add forms of a company and of a community", () => {
  it("require every field", () => {
    for (const field of FULL_CONTACT_FIELDS)
      expect(fullContactFieldError(field, "  "), field).toBe(ValidationKey.required);
  });

  it("want a valid e-mail and a postcode of exactly 5", () => {
    expect(fullContactFieldError("email", "sin-arroba")).toBe(ValidationKey.emailFormat);
    expect(fullContactFieldError("email", "gestor@coordina.test")).toBeUndefined();
    expect(fullContactFieldError("postcode", "2801")).toBe(ValidationKey.postcode);
    expect(fullContactFieldError("postcode", "280130")).toBe(ValidationKey.postcode);
    expect(fullContactFieldError("postcode", " 28013 ")).toBeUndefined();
    expect(fullContactFieldError("tfn", "910000111")).toBeUndefined();
  });
});

describe("the edit forms of a company's and a community's data", () => {
  it("require a name; e-mail valid or empty; postcode empty or of 5; the rest free", () => {
    expect(editContactFieldError("name", " ")).toBe(ValidationKey.nameRequired);
    expect(editContactFieldError("name", "Fincas Centro")).toBeUndefined();
    expect(editContactFieldError("email", "")).toBeUndefined();
    expect(editContactFieldError("email", "mal")).toBe(ValidationKey.emailFormat);
    expect(editContactFieldError("email", " info@fincas.test ")).toBeUndefined();
    expect(editContactFieldError("postcode", "")).toBeUndefined();
    expect(editContactFieldError("postcode", "280")).toBe(ValidationKey.postcodeOptional);
    expect(editContactFieldError("postcode", "28013")).toBeUndefined();
    expect(editContactFieldError("person", "")).toBeUndefined();
    expect(editContactFieldError("cif", "")).toBeUndefined();
  });
});
