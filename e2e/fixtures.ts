import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Coordina2026!";

export const DEMO = {
  master: { email: "master@coordina.test", start: "/master/colegios", title: "Colegios" },
  colegio: { email: "colegio@coordina.test", start: "/admin/administradores", title: "Administradores de fincas" },
  administrador: { email: "admin@coordina.test", start: "/comunidades/index", title: "Comunidades" },
  gremio: { email: "proveedor@coordina.test", start: "/comunidades/index", title: "Comunidades" },
  portero: { email: "portero@coordina.test", start: "/porteros/comunidades/main", title: "Mis comunidades" },
} as const;

export async function loginWith(page: Page, email: string, password = PASSWORD, remember = false) {
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  if (remember) await page.getByLabel("Recordarme en este equipo").check();
  await page.getByRole("button", { name: "Entrar" }).click();
}

export function hashOf(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, "");
}
