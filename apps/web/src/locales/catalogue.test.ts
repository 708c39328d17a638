import { ErrorKey, PASSWORD_MIN_LENGTH, passwordMeetsRule, ValidationKey } from "@coordina/domain";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { menuFor } from "../app/menu";
import es from "./es.json";

await i18next.init({ lng: "es", resources: { es: { translation: es } }, nsSeparator: false, showSupportNotice: false });

describe("Spanish catalogue", () => {
  it("has a Spanish text for every error key the server sends", () => {
    // The errors only the calendar's calls answer load with the calendar's screens (shared/calendar/texts.ts).
    const calendar = import.meta.glob<{ default: { calendar: Record<string, string> } }>("../shared/calendar/es.json", {
      eager: true,
    });
    const calendarTexts = Object.values(calendar)[0]?.default.calendar ?? {};
    for (const key of Object.values(ErrorKey)) {
      if (key.startsWith("calendar.")) {
        expect(i18next.exists(key), `${key} belongs in shared/calendar/es.json`).toBe(false);
        expect(calendarTexts[key.slice("calendar.".length)], key).toBeTruthy();
        continue;
      }
      expect(i18next.exists(key), key).toBe(true);
      expect(i18next.t(key)).not.toBe(key);
    }
  });

  it("has the spec's text for every field validation message the server and the forms use", () => {
    for (const key of Object.values(ValidationKey)) {
      expect(i18next.exists(key), key).toBe(true);
    }
    expect(i18next.t(ValidationKey.emailRecovery)).toBe("El email no es correcto");
    expect(i18next.t(ValidationKey.emailProvider)).toBe("No es un e-mail válido");
    expect(i18next.t(ValidationKey.emailsDifferent)).toBe("No son emails iguales");
    expect(i18next.t(ValidationKey.nameRequired)).toBe("Debe introducir nombre");
    expect(i18next.t(ValidationKey.cifInvalid)).toBe("Debe introducir un cif correcto");
    expect(i18next.t(ValidationKey.required)).toBe("Debes introducir este valor");
    // One word for the password everywhere (issue 21): the spec's 'passwords' reads 'contraseñas'.
    expect(i18next.t(ValidationKey.passwordsDifferent)).toBe("Las contraseñas no son iguales");
  });

  it("uses the spec's texts for links, invitations and registration", () => {
    expect(i18next.t(ErrorKey.tokenInvalid)).toBe(
      "Su petición de recuperación de contraseña ha caducado o no es válida",
    );
    expect(i18next.t(ErrorKey.registrationInvalid)).toBe("Lo sentimos. Tu petición no es válida o ha caducado");
    expect(i18next.t(ErrorKey.invitationUserExists)).toBe("El usuario ya existe. No puede invitarlo");
    expect(i18next.t(ErrorKey.invitationCifTaken)).toBe("Ya existe una compañía/usuario con ese NIF/CIF");
    expect(i18next.t(ErrorKey.invitationNotFound)).toBe("No se encontró la invitación");
    expect(i18next.t(ErrorKey.invitationFincaNotLinked)).toBe(
      "Usuario creado! Pero no se ha podido registrar en la Finca correspondiente",
    );
  });

  it("uses the spec's generic error text", () => {
    expect(i18next.t("error.generic-error")).toBe("Ha ocurrido un error. Estamos arreglándolo. Perdone las molestias");
  });

  it("labels every menu entry of every role", () => {
    for (const role of [0, 5, 10, 15, 20, 25]) {
      for (const item of menuFor(role, ["lopd", "lopd-workers", "porteros-admin", "pending-tasks"])) {
        expect(i18next.exists(`menu.${item.label}`), item.label).toBe(true);
      }
    }
  });
});

describe("feature texts", () => {
  const features = import.meta.glob<{ default: Record<string, unknown> }>(
    ["../features/*/es.json", "../shared/*/es.json", "../ui/*.es.json"],
    { eager: true },
  );

  it("exist for the pages and shared pieces and never redefine a shared section or another one's", () => {
    const owners = new Map<string, string>(Object.keys(es).map((section) => [section, "locales/es.json"]));
    expect(Object.keys(features).length).toBeGreaterThan(0);
    for (const [file, texts] of Object.entries(features)) {
      for (const section of Object.keys(texts.default)) {
        expect(owners.get(section), `${section} in ${file}`).toBeUndefined();
        owners.set(section, file);
      }
    }
  });
});

describe("one word for the password (issue 21)", () => {
  const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(
    ["./es.json", "../features/*/es.json", "../shared/*/es.json", "../ui/*.es.json"],
    { eager: true },
  );
  const texts = (value: unknown): string[] =>
    typeof value === "string" ? [value] : Object.values(value as Record<string, unknown>).flatMap(texts);

  it("says 'contraseña' in every text, never 'password' or 'clave'", () => {
    const all = Object.values(catalogues).flatMap((file) => texts(file.default));
    expect(all.filter((text) => /contraseña/i.test(text)).length).toBeGreaterThan(0);
    expect(all.filter((text) => /password|\bclaves?\b/i.test(text))).toEqual([]);
  });

  it("hints the rule that is enforced: its length, an uppercase letter and a special character, no digit", () => {
    const hint = i18next.t("login.password-hint", { min: PASSWORD_MIN_LENGTH });
    expect(hint).toBe("Al menos 8 caracteres, con una letra mayúscula y un carácter especial, como ! ? * o #");
    // Every example it gives is accepted by the rule; a password made as it says passes.
    expect(passwordMeetsRule("Abcdefg!") && passwordMeetsRule("Abcdefg?")).toBe(true);
    expect(passwordMeetsRule("Abcdefg*") && passwordMeetsRule("Abcdefg#")).toBe(true);
    expect(i18next.t("login.password-must")).toContain(`${PASSWORD_MIN_LENGTH} caracteres`);
  });
});

describe("menu by role and feature flags", () => {
  it("shows the porters area to administrators only with porteros-admin", () => {
    expect(menuFor(15, ["lopd"]).map((i) => i.to)).not.toContain("/admin-fincas/porteros/-1");
    expect(menuFor(15, ["lopd", "porteros-admin"]).map((i) => i.to)).toContain("/admin-fincas/porteros/-1");
  });

  it("shows pending tasks to every provider, first, with or without pending-tasks (issue 21)", () => {
    expect(menuFor(20, ["lopd"]).map((i) => i.to)[0]).toBe("/proveedores/main");
    expect(menuFor(20, ["pending-tasks"]).map((i) => i.to)[0]).toBe("/proveedores/main");
  });

  it("gives each role its own start area", () => {
    expect(menuFor(5, [])[0]?.to).toBe("/master/colegios");
    expect(menuFor(10, [])[0]?.to).toBe("/admin/administradores");
    expect(menuFor(25, [])[0]?.to).toBe("/porteros/comunidades/main");
  });
});
