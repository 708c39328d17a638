import { passwordMeetsRule, passwordStrength } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../../test/render";
import { strengthColor } from "../../shared/password/PasswordMeter";
import { PasswordFields } from "./PasswordFields";

describe("the new password's hint (issue 21)", () => {
  it("asks for what the rule enforces, in the word the form uses", () => {
    renderInApp(<PasswordFields value={{ password: "", confirm: "" }} onChange={() => {}} />, { route: null });
    const hint = screen.getByText(/^Al menos/);
    expect(hint.textContent).toBe(
      "Al menos 8 caracteres, con una letra mayúscula y un carácter especial, como ! ? * o #",
    );
    expect(screen.getByLabelText("Contraseña")).toBeTruthy();
    expect(screen.getByLabelText("Repite la contraseña")).toBeTruthy();
    // The rule asks for no digit: a password built only as the hint says is accepted.
    expect(passwordMeetsRule("Coordina!")).toBe(true);
    expect(passwordMeetsRule("Coordina1")).toBe(false);
  });
});

describe("the strength meter (issue 21)", () => {
  it("is never green for a password the rule refuses, however long", () => {
    const refused = "abcdefghijkl1";
    expect(passwordMeetsRule(refused)).toBe(false);
    expect(passwordStrength(refused)).toBe(7);
    expect(strengthColor(passwordStrength(refused), passwordMeetsRule(refused))).toBe("yellow");
    const accepted = "Coordina!2026";
    expect(strengthColor(passwordStrength(accepted), passwordMeetsRule(accepted))).toBe("green");
    expect(strengthColor(passwordStrength("abc"), passwordMeetsRule("abc"))).toBe("red");
  });
});
