import { ValidationKey } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { FIELDS, fullFormError } from "./fullForm";

describe("the full company form", () => {
  it("requires every field", () => {
    for (const field of FIELDS) expect(fullFormError(field, "  "), field).toBe(ValidationKey.required);
  });

  it("wants a valid e-mail and a postcode of exactly 5", () => {
    expect(fullFormError("email", "sin-arroba")).toBe(ValidationKey.emailFormat);
    expect(fullFormError("email", "gestor@coordina.test")).toBeUndefined();
    expect(fullFormError("postcode", "2801")).toBe(ValidationKey.postcode);
    expect(fullFormError("postcode", "280130")).toBe(ValidationKey.postcode);
    expect(fullFormError("postcode", " 28013 ")).toBeUndefined();
    expect(fullFormError("tfn", "910000111")).toBeUndefined();
  });
});
