import { passwordMeetsRule } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../../test/render";
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
