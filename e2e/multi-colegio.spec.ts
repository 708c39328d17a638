import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  acceptInvitation,
  acceptTerms,
  DEMO,
  expectSoundPage,
  loginWith,
  logout,
  NEW_PASSWORD,
  openMenu,
  PASSWORD,
  registerProvider,
  uniqueEmail,
} from "./fixtures";

const MADRID = "Colegio de Administradores de Fincas de Madrid";
/** A general document the demo seed asks of Madrid's providers; a new colegio asks nothing yet. */
const MADRID_DOCUMENT = "Seguro de responsabilidad civil";
const NO_DOCUMENTS = "No hay documentos que subir en este grupo.";

const onPhone = (page: Page) => page.setViewportSize({ width: 375, height: 812 });
const onDesktop = (page: Page) => page.setViewportSize({ width: 1366, height: 768 });

/** The master invites a colegio; its manager accepts, ending on the login page. */
async function inviteColegio(page: Page, name: string, email: string) {
  await page.goto("./#/login");
  await loginWith(page, DEMO.master.email);
  await expect(page).toHaveURL(/#\/master\/colegios$/);
  await page.getByRole("button", { name: "Añadir" }).click();
  const modal = page.getByRole("dialog", { name: "Invitar a un colegio" });
  await modal.getByLabel("Nombre del colegio").fill(name);
  await modal.getByLabel("E-mail del gestor").fill(email);
  await modal.getByRole("button", { name: "Enviar" }).click();
  await expect(modal.getByTestId("master-invite-sent")).toBeVisible();
  await modal.getByRole("button", { name: "Terminar" }).click();
  await logout(page);
  await acceptInvitation(page, email);
}

/** A colegio's manager includes an already registered provider with 'Añadir por NIF' → 'Aceptar'. */
async function includeByNif(page: Page, manager: { email: string; password: string }, company: string, cif: string) {
  await loginWith(page, manager.email, manager.password);
  await expect(page).toHaveURL(/#\/admin\/administradores$/);
  await openMenu(page, "Proveedores");
  await page.getByRole("button", { name: "Añadir por NIF" }).click();
  const modal = page.getByRole("dialog", { name: "Añadir proveedor por NIF" });
  await modal.getByLabel("NIF/CIF").fill(cif);
  await modal.getByRole("button", { name: "Validar" }).click();
  await expect(modal.getByTestId("nif-form-found")).toContainText(company);
  await modal.getByRole("button", { name: "Aceptar" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("companies-notice")).toHaveText("Proveedor dado de alta correctamente");
  await logout(page);
}

/** Picks a colegio in an open picker's list. */
async function choose(page: Page, picker: Locator, name: string) {
  await picker.click();
  await page.getByRole("option", { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
}

/** 'Documentos generales' as the provider sees it in the colegio it works in: Madrid's, or the new one's (none). */
async function expectDocumentsOf(page: Page, colegio: "madrid" | "new") {
  const card = page.getByTestId("mandatory-documents");
  if (colegio === "madrid") {
    await expect(card.getByText(MADRID_DOCUMENT).first()).toBeVisible();
    await expect(card.getByText(NO_DOCUMENTS)).toHaveCount(0);
  } else {
    await expect(card.getByText(NO_DOCUMENTS)).toBeVisible();
    await expect(card.getByText(MADRID_DOCUMENT)).toHaveCount(0);
  }
}

/*
 * Issue 21 item 3: users of several colegios always see which one they are in and can switch, at every width.
 * A provider included by the demo colegio and by a colegio the master has just invited picks one in the header
 * on a desktop and in the burger menu on a phone; its general documents follow the colegio, and the choice
 * survives a reload.
 *
 * The colegio it invites stays active, so the master then works in two colegios and the demo colegio has one
 * more provider: the journeys run one file at a time in name order, and this file's name keeps it after
 * those that count on one colegio (login.spec.ts: the master's colegio is shown without asking;
 * lists-fit.spec.ts: the providers list's screenshot).
 */
test("a provider of two colegios sees which one it works in and switches, on a desktop and on a phone", async ({
  page,
}) => {
  // An invitation, a registration, five logins and two widths: a long journey.
  test.slow();
  await onDesktop(page);
  const tag = Date.now().toString(36);
  const colegio = { name: `Colegio de Administradores de Fincas de Asturias ${tag}`, email: uniqueEmail("colegio") };
  await inviteColegio(page, colegio.name, colegio.email);

  // A provider registers on its own; both colegios include it by its NIF.
  const company = `Limpiezas Dos Colegios ${tag} S.L.`;
  const cif = `B${Date.now().toString().slice(-8)}`;
  const email = await registerProvider(page, company, cif);
  await page.getByRole("button", { name: "Acceder al sitio" }).click();
  await includeByNif(page, { email: colegio.email, password: NEW_PASSWORD }, company, cif);
  await includeByNif(page, { email: DEMO.colegio.email, password: PASSWORD }, company, cif);

  // Two colegios: none is chosen for it (spec 01 §3); the header asks for one.
  await loginWith(page, email, NEW_PASSWORD);
  await acceptTerms(page);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  const header = page.getByRole("banner");
  const picker = header.getByRole("combobox", { name: "Colegio" });
  await expect(picker).toBeVisible();
  await expect(picker).toHaveValue("");
  await expect(picker).toHaveAttribute("placeholder", "Elige colegio");
  const summary = page.getByRole("region", { name: "Tareas pendientes" });
  await expect(summary).toContainText(
    "Elige el colegio en el que trabajas (arriba; en el móvil, en el menú) para ver lo que tienes pendiente en él.",
  );

  // Desktop: Madrid in the header, its documents; then the new colegio, whose documents differ.
  await choose(page, picker, MADRID);
  await expect(summary.getByText(/Elige el colegio en el que trabajas/)).toHaveCount(0);
  await openMenu(page, "Documentos generales");
  await expectDocumentsOf(page, "madrid");
  await expectSoundPage(page, "Madrid's documents, 1366");
  await choose(page, picker, colegio.name);
  await expectDocumentsOf(page, "new");
  // The choice is kept across a reload.
  await page.reload();
  await expect(picker).toHaveValue(colegio.name);
  await expectDocumentsOf(page, "new");

  // Phone: the header has no room for the picker; the burger menu heads with it, showing the same colegio.
  await onPhone(page);
  await expect(picker).toBeHidden();
  const burger = page.getByRole("button", { name: "Menú" });
  await burger.click();
  const menuPicker = page.getByRole("navigation", { name: "Menú", exact: true }).getByRole("combobox", {
    name: "Colegio",
  });
  await expect(menuPicker).toBeInViewport();
  await expect(menuPicker).toHaveValue(colegio.name);
  await expectSoundPage(page, "menu with two colegios, 375");
  await choose(page, menuPicker, MADRID);
  // Choosing closes the menu, so the page of the colegio chosen is what shows (the menu slides off the
  // screen and stays in the page).
  await expect(menuPicker).not.toBeInViewport();
  await expectDocumentsOf(page, "madrid");
  await page.reload();
  await expectDocumentsOf(page, "madrid");
  await burger.click();
  await expect(menuPicker).toBeInViewport();
  await expect(menuPicker).toHaveValue(MADRID);

  // Back on a desktop the header shows the choice made on the phone.
  await onDesktop(page);
  await expect(picker).toHaveValue(MADRID);
});
