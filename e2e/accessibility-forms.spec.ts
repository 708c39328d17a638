import { expect, type Locator, type Page, test } from "@playwright/test";
import { colegioApi, DEMO, dropFile, loginWith, makePdf, openMenu } from "./fixtures";

/*
 * Forms and dialogs on a phone (issue 21 item 2; DESIGN §7 'Every screen, two widths'): at 375×812 every form
 * dialog of the busiest screens opens, and its buttons (the one that sends, the one that cancels, the header's
 * close) can be scrolled into view and are then whole inside the screen, not cut by its edge; the dialog itself
 * never scrolls sideways, nor does the page under it. The forms that are pages ('Mis datos', 'Datos de la
 * empresa') likewise. Every dialog is opened by its button and named: one that does not open fails the test.
 *
 * This runs first, on the demo world, and leaves it as it was: nothing is sent, and the one definition made to
 * have a document to edit goes again with its document.
 */

const PHONE = { width: 375, height: 812 } as const;
/** The demo world (apps/server seed). */
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER = "Ascensores Levante S.L.";
/** The header's close of every Mantine dialog (app.close-window). */
const CLOSE = "Cerrar ventana";
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;

test.use({ viewport: PHONE });

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

/** Neither `scroller` nor the page scrolls sideways: nothing in them is wider than the screen. */
async function expectNoSidewaysScroll(scroller: Locator, where: string) {
  const widths = await scroller.evaluate((element) => ({
    inner: element.scrollWidth - element.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect.soft(widths.inner, `${where}: scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(widths.page, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * `button`, scrolled into view, is whole on the screen: on it, and its box inside the screen's width and height
 * (a pixel's rounding allowed above and below, none at the sides).
 */
async function expectWholeOnScreen(button: Locator, where: string) {
  await expect(button, `${where}: the button is there`).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  await expect.soft(button, `${where}: in the viewport`).toBeInViewport();
  const box = await button.boundingBox();
  expect(box, `${where}: has a box`).not.toBeNull();
  expect.soft(box!.x, `${where}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `${where}: right edge on screen`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(box!.y, `${where}: top edge on screen`).toBeGreaterThanOrEqual(-1);
  expect.soft(box!.y + box!.height, `${where}: bottom edge on screen`).toBeLessThanOrEqual(PHONE.height + 1);
}

/**
 * Opens the dialog `name` with `opener`, and checks that it fits: each of `buttons` (besides the header's
 * close, always checked) whole on the screen once scrolled to, and no sideways scroll; then closes it with its
 * close button.
 */
async function expectDialogFits(page: Page, opener: Locator, name: string, buttons: readonly string[]) {
  await test.step(`dialog '${name}'`, async () => {
    await opener.click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog, `'${name}' opens`).toBeVisible();
    await expect(dialog).toHaveCSS("opacity", "1");
    await expect(dialog.locator(".mantine-Loader-root:visible")).toHaveCount(0);
    for (const label of buttons)
      await expectWholeOnScreen(dialog.getByRole("button", { name: label, exact: true }), `${name} '${label}'`);
    await expectWholeOnScreen(dialog.getByRole("button", { name: CLOSE }), `${name} '${CLOSE}'`);
    await expectNoSidewaysScroll(dialog, name);
    await dialog.getByRole("button", { name: CLOSE }).click();
    await expect(dialog).toBeHidden();
  });
}

/** A form that is a page: its buttons whole on the screen, nothing scrolls sideways. */
async function expectPageFormFits(page: Page, where: string, buttons: readonly string[]) {
  await test.step(where, async () => {
    const main = page.getByRole("main");
    await expect(main.locator(".mantine-Loader-root:visible")).toHaveCount(0);
    expect(buttons.length).toBeGreaterThan(0);
    for (const label of buttons)
      await expectWholeOnScreen(main.getByRole("button", { name: label, exact: true }).first(), `${where} '${label}'`);
    await expectNoSidewaysScroll(main, where);
  });
}

/** The action `name` of the card of `item`: its own button, or an entry of its '…' menu. */
async function cardAction(page: Page, item: string, name: string) {
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: item }).first();
  const more = card.getByRole("button", { name: /^Más acciones/ });
  if ((await more.count()) > 0) {
    await more.click();
    return page.getByRole("menuitem", { name });
  }
  return card.getByRole("button", { name: new RegExp(`^${name}`) });
}

test.describe.configure({ timeout: 120_000 });

test("the colegio's forms: providers (invite, by NIF, full sign-up, edit), users, definitions", async ({ page }) => {
  await loginAs(page, "colegio");
  const main = page.getByRole("main");

  await openMenu(page, "Proveedores");
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir", exact: true }), "Invitar a una compañía", [
    "Enviar",
  ]);
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir por NIF" }), "Añadir proveedor por NIF", [
    "Validar",
  ]);
  await expectDialogFits(page, main.getByRole("button", { name: "Alta completa" }), "Alta completa de proveedor", [
    "Guardar",
  ]);
  await expectDialogFits(page, await cardAction(page, PROVIDER, "Editar"), "Editar compañía", ["Guardar", "Cancelar"]);

  await openMenu(page, "Usuarios");
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir usuario" }), "Añadir usuario", ["Enviar"]);

  await openMenu(page, "Definición de documentos");
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir", exact: true }), "Añadir documento", [
    "Guardar",
    "Cancelar",
  ]);
  // A definition's card has its edit in its '…' menu.
  await main
    .getByRole("listitem")
    .getByRole("button", { name: /^Más acciones/ })
    .first()
    .click();
  await expectDialogFits(page, page.getByRole("menuitem", { name: "Editar definición" }), "Editar documento", [
    "Guardar",
    "Cancelar",
  ]);

  await openMenu(page, "Mis datos");
  await expectPageFormFits(page, "Mis datos", ["Guardar"]);
  await openMenu(page, "Datos de la empresa");
  await expectPageFormFits(page, "Datos de la empresa", ["Guardar"]);
});

test("the administrator's forms: communities (add, full, edit), providers and porters of one, invitations", async ({
  page,
}) => {
  await loginAs(page, "administrador");
  const main = page.getByRole("main");

  await expectDialogFits(page, main.getByRole("button", { name: "Añadir", exact: true }), "Añadir Comunidad", [
    "Guardar",
  ]);
  await expectDialogFits(page, main.getByRole("button", { name: "Alta completa" }), "Alta completa de comunidad", [
    "Guardar",
  ]);

  await main.getByRole("link", { name: COMMUNITY, exact: true }).first().click();
  await expectDialogFits(page, main.getByRole("button", { name: "Editar datos de la comunidad" }), "Editar comunidad", [
    "Guardar",
    "Cancelar",
  ]);
  const panel = page.getByRole("navigation", { name: "Menú de la comunidad" });
  await page.goto(`./${await panel.getByRole("link", { name: "Proveedores" }).first().getAttribute("href")}`);
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir Proveedor" }), "Añadir Proveedor", []);
  await page.goto(`./${await panel.getByRole("link", { name: "Porteros" }).first().getAttribute("href")}`);
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir", exact: true }), "Añadir Portero", [
    "Añadir",
    "Cancelar",
  ]);

  await openMenu(page, "Invitaciones");
  await expectDialogFits(page, main.getByRole("button", { name: "Añadir", exact: true }), "Invitar a una compañía", [
    "Enviar",
  ]);
  await openMenu(page, "Mis datos");
  await expectPageFormFits(page, "Mis datos", ["Guardar"]);
  await openMenu(page, "Datos de la empresa");
  await expectPageFormFits(page, "Datos de la empresa", ["Guardar"]);
});

test("the provider's forms: a document's edit dialog", async ({ page, request }) => {
  const post = await colegioApi(request);
  const definition = `Documento para editar ${tag}`;
  const saved = await post<{ data: { id: number } }>("/document-require-definitions/add", {
    name: definition,
    requirement_origin: 5,
  });
  try {
    await loginAs(page, "gremio");
    await openMenu(page, "Documentos generales");
    const box = page.getByTestId("definition-box").filter({ hasText: definition });
    await dropFile(page, box.getByTestId("upload-area"), "para-editar.pdf", await makePdf(definition));
    const row = box.getByTestId("document-row");
    await expect(row).toContainText("para-editar.pdf");
    await expectDialogFits(page, row.getByRole("button", { name: "Editar documento" }), "Editar documento", [
      "Guardar",
      "Cancelar",
    ]);
  } finally {
    // The definition goes, and its document with it.
    await post(`/document-require-definitions/delete/${saved.data.id}`);
  }
});
