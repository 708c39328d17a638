import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  DEMO,
  ddmmyyyy,
  dropFile,
  isPhone,
  loginWith,
  logout,
  makePdf,
  openMenu,
  openPicker,
  pickDay,
} from "./fixtures";

/*
 * Documents (spec 02 §3–§6; issue 21 items 5 and 6): a definition, an upload whose expiry date is forced (the
 * dialog comes back after a reload), a validation undone from 'Validar documentos', an expired document, and a
 * per-community document with a template. The whole journey runs at 1366×768 and again at 375×812, each with
 * its own definitions, so that what one width leaves does not count in the other.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;
/** The demo provider (apps/server seed). */
const PROVIDER = "Ascensores Levante S.L.";
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

async function expectRefused(browser: Browser, link: string) {
  const other = await browser.newContext();
  const response = await other.request.get(link);
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("El enlace ha caducado o no es tuyo");
  await other.close();
}

/** Opens the definitions' tab `name`, and waits until it is the one shown (the other's buttons have gone). */
async function openTab(page: Page, name: string) {
  const tab = page.getByRole("tab", { name });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name })).toBeVisible();
}

/** A list's entry with `text`: its table row, or on a phone its card. */
const entry = (page: Page, text: string) =>
  page.getByRole(isPhone(page) ? "listitem" : "row").filter({ hasText: text });

for (const size of WIDTHS) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // Long journeys, each now at two widths: more time than the default 30 s on a busy machine.
    test.describe.configure({ mode: "serial", timeout: 90_000 });
    const tag = `${run}-${size.width}`;
    const DEFINITION = `Seguro de responsabilidad civil ${tag}`;
    const box = (page: Page) => page.getByTestId("definition-box").filter({ hasText: DEFINITION });

    test("the colegio defines a mandatory provider document that expires", async ({ page }) => {
      await loginAs(page, "colegio");
      await openMenu(page, "Definición de documentos");
      await expect(page).toHaveURL(/#\/documents\/settings/);
      await openTab(page, "Docs Proveedores");
      await page.getByRole("tabpanel", { name: "Docs Proveedores" }).getByRole("button", { name: "Añadir" }).click();
      const form = page.getByRole("dialog");
      await form.getByLabel("Nombre", { exact: false }).first().fill(DEFINITION);
      await form.getByLabel("Obligatorio").check();
      await form.getByLabel("Caducidad obligatoria").check();
      await form.getByLabel("Requiere validación del colegio").check();
      await form.getByRole("button", { name: "Guardar" }).click();
      await expect(form).toBeHidden();
      const row = entry(page, DEFINITION);
      await expect(row).toBeVisible();
      await expect(row).toContainText("Obligatorio");
      await page.reload();
      await openTab(page, "Docs Proveedores");
      await expect(entry(page, DEFINITION)).toBeVisible();
    });

    test("the provider drags a PDF in, must set its expiry, and opens it through its own link only", async ({
      page,
      browser,
    }) => {
      await loginAs(page, "gremio");
      await openMenu(page, "Documentos generales");
      await expect(box(page)).toBeVisible();
      await expect(box(page).getByTestId("no-documents")).toHaveText("No hay documentos");

      // A renamed image is refused with the spec's upload error.
      const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
      await dropFile(page, box(page).getByTestId("upload-area"), "foto.pdf", Buffer.concat([png, Buffer.alloc(2048)]));
      const failure = page.getByRole("dialog").filter({ hasText: "Ha habido un error" });
      await expect(failure).toBeVisible();
      await failure.getByRole("button", { name: "Aceptar" }).click();

      // The wrong PDF goes in: the forced expiry dialog lets the uploader erase it instead, after the question.
      const dialog = page.getByRole("dialog", { name: "Editar documento" });
      await dropFile(page, box(page).getByTestId("upload-area"), "factura.pdf", await makePdf(`Factura ${tag}`));
      await expect(dialog).toBeVisible();
      await expect(box(page).getByTestId("document-row")).toContainText("factura.pdf");
      await dialog.getByRole("button", { name: "Eliminar documento" }).click();
      const question = page.getByRole("dialog", { name: "Borrar documento" });
      await expect(question).toContainText("¿Seguro que quieres borrar este documento?");
      await question.getByRole("button", { name: "Borrar" }).click();
      await expect(dialog).toBeHidden();
      await expect(box(page).getByTestId("no-documents")).toHaveText("No hay documentos");
      await page.reload();
      await expect(box(page).getByTestId("no-documents")).toHaveText("No hay documentos");
      await expect(dialog).toBeHidden();

      // A real PDF goes in; the expiry dialog cannot be dismissed until a date is saved.
      await dropFile(page, box(page).getByTestId("upload-area"), "poliza-rc.pdf", await makePdf(`Póliza ${tag}`));
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Fecha de caducidad obligatoria");
      await expect(dialog.getByRole("button", { name: "Guardar" })).toBeDisabled();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();

      // Reloading does not escape it (issue 21): the dialog is there again, and the document is flagged.
      const flag = box(page).getByTestId("document-row").getByTestId("expiry-indicator");
      await page.reload();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Fecha de caducidad obligatoria");
      await expect(flag).toHaveText("Falta la fecha de caducidad");
      // Nor does closing the page and coming back later.
      await page.goto("./#/");
      await expect(dialog).toBeHidden();
      await openMenu(page, "Documentos generales");
      await expect(dialog).toBeVisible();
      await expect(flag).toHaveText("Falta la fecha de caducidad");

      await openPicker(page, dialog.getByRole("button", { name: "Fecha de caducidad", exact: true }));
      await pickDay(page, 2, 15);
      await expect(dialog.getByRole("button", { name: "Guardar" })).toBeEnabled();
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await expect(dialog).toBeHidden();

      const expected = new Date();
      expected.setDate(1);
      expected.setMonth(expected.getMonth() + 2);
      expected.setDate(15);
      const row = box(page).getByTestId("document-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("poliza-rc.pdf");
      await expect(row.getByTestId("expiry-indicator")).toHaveText(`Caducidad: ${ddmmyyyy(expected)}`);
      await expect(row.getByTestId("validation-badge")).toHaveText("Pendiente de validar");

      // 'Ver documento' opens the PDF in a new tab through a short-lived link.
      const popupPromise = page.waitForEvent("popup");
      await row.getByRole("button", { name: "Ver documento" }).click();
      const popup = await popupPromise;
      await expect.poll(() => popup.url()).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
      const link = popup.url();
      const served = await page.context().request.get(link);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("application/pdf");
      expect((await served.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await popup.close();

      // The same link is useless in another browser, even one where somebody else is logged in.
      await expectRefused(browser, link);
      await logout(page);
      expect((await page.context().request.get(link)).status()).toBe(403);
    });

    test("the colegio validates the provider's document, which the provider then sees", async ({ page }) => {
      await loginAs(page, "colegio");

      // From 'Validar documentos' a validation can be undone (issue 21): the row stays, 'Validado' with 'Deshacer'.
      await openMenu(page, "Validar documentos");
      await page.getByRole("textbox", { name: "Buscar" }).fill(tag);
      const waiting = page
        .getByTestId(isPhone(page) ? "pending-validation-card" : "pending-validation-row")
        .filter({ hasText: DEFINITION });
      await expect(waiting).toHaveCount(1);
      await waiting.getByRole("switch").click({ force: true });
      await expect(waiting.getByRole("switch")).toBeChecked();
      await expect(waiting).toContainText("Validado");
      await waiting.getByRole("button", { name: /^Deshacer/ }).click();
      await expect(page.getByTestId("validation-notice")).toContainText("Validación deshecha");
      await expect(waiting.getByRole("switch")).not.toBeChecked();
      await expect(waiting).toContainText("Pendiente de validar");
      await expect(waiting.getByRole("button", { name: /^Deshacer/ })).toHaveCount(0);

      await openMenu(page, "Proveedores");
      await page.getByRole("main").getByRole("link", { name: PROVIDER }).first().click();
      await expect(page).toHaveURL(/#\/admin\/proveedor\/\d+/);
      await page.getByRole("link", { name: "Docs generales" }).click();
      await expect(page).toHaveURL(/#\/admin\/proveedor\/\d+\/upload\/\d+$/);
      const row = box(page).getByTestId("document-row");
      await expect(row).toContainText("poliza-rc.pdf");
      await expect(box(page).getByTestId("upload-area")).toHaveCount(0);
      const toggle = row.getByRole("switch");
      await expect(toggle).not.toBeChecked();
      await toggle.click({ force: true });
      await expect(toggle).toBeChecked();
      await page.reload();
      await expect(box(page).getByTestId("document-row").getByRole("switch")).toBeChecked();
      await logout(page);

      await loginAs(page, "gremio");
      await openMenu(page, "Documentos generales");
      await expect(box(page).getByTestId("document-row").getByTestId("validation-badge")).toHaveText("Validado");
    });

    test("an expired document shows 'Caducado desde'", async ({ page }) => {
      await loginAs(page, "gremio");
      await openMenu(page, "Documentos generales");
      const row = box(page).getByTestId("document-row");
      await row.getByRole("button", { name: "Editar documento" }).click();
      const dialog = page.getByRole("dialog", { name: "Editar documento" });
      await openPicker(page, dialog.getByRole("button", { name: "Fecha de caducidad", exact: true }));
      await pickDay(page, -1, 1);
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await expect(dialog).toBeHidden();
      const expired = new Date();
      expired.setDate(1);
      expired.setMonth(expired.getMonth() - 1);
      await expect(row.getByTestId("expiry-indicator")).toHaveText(`Caducado desde ${ddmmyyyy(expired)}`);
    });

    const BOUND = `Evaluación de riesgos de la comunidad ${tag}`;

    test("the colegio defines a per-community document with a template; the administrator uploads it in its community", async ({
      page,
    }) => {
      await loginAs(page, "colegio");
      await openMenu(page, "Definición de documentos");
      await openTab(page, "Docs Administradores");
      await page
        .getByRole("tabpanel", { name: "Docs Administradores" })
        .getByRole("button", { name: "Añadir" })
        .click();
      const form = page.getByRole("dialog");
      await form.getByLabel("Nombre del documento").fill(BOUND);
      await form.getByRole("combobox", { name: "Destino (quién lo recibe)" }).click();
      await page.getByRole("option", { name: "Proveedor", exact: true }).click();
      await form.getByLabel("Documento por comunidad").check();
      await form.getByLabel("Lectura obligatoria por el destinatario").check();
      await form.getByRole("button", { name: "Guardar" }).click();
      await expect(form).toBeHidden();

      // A blank form (plantilla) for it.
      await page.getByRole("button", { name: `Plantillas: ${BOUND}` }).click();
      const templates = page.getByRole("dialog");
      await expect(templates).toContainText("No hay plantillas");
      await dropFile(
        page,
        templates.getByTestId("upload-area"),
        "plantilla-evaluacion.pdf",
        await makePdf("Plantilla"),
      );
      await expect(templates.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
      await expect(
        templates.getByRole("button", { name: "Descargar plantilla: plantilla-evaluacion.pdf" }),
      ).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(entry(page, BOUND)).toContainText("1");
      await logout(page);

      // The administrator sees 'Documentos para proveedores' in its community, with the template, and uploads there.
      await loginAs(page, "administrador");
      await page.getByRole("main").getByRole("link", { name: COMMUNITY, exact: true }).first().click();
      await page.getByRole("link", { name: "Documentos para proveedores" }).click();
      await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/upload$/);
      await expect(page.getByText("Documentos del administrador para los proveedores de la comunidad")).toBeVisible();
      const bound = page.getByTestId("definition-box").filter({ hasText: BOUND });
      await expect(
        bound.getByRole("button", { name: "Descargar la plantilla plantilla-evaluacion.pdf" }),
      ).toBeVisible();
      await dropFile(page, bound.getByTestId("upload-area"), "evaluacion-calle-mayor.pdf", await makePdf("Riesgos"));
      await expect(bound.getByTestId("document-row")).toContainText("evaluacion-calle-mayor.pdf");
      await expect(bound.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
      await page.reload();
      await expect(bound.getByTestId("document-row")).toContainText("evaluacion-calle-mayor.pdf");
      await logout(page);

      // Deleting the definition says it deletes that document too.
      await loginAs(page, "colegio");
      await openMenu(page, "Definición de documentos");
      await openTab(page, "Docs Administradores");
      // On a phone's card it is an entry of its '…' menu.
      if (isPhone(page)) {
        await page.getByRole("button", { name: `Más acciones: ${BOUND}` }).click();
        await page.getByRole("menuitem", { name: "Borrar definición" }).click();
      } else await page.getByRole("button", { name: `Borrar definición: ${BOUND}` }).click();
      const confirm = page.getByRole("dialog");
      await expect(confirm).toContainText(`Se borrará la definición «${BOUND}» y el documento subido para ella.`);
      await confirm.getByRole("button", { name: "Borrar" }).click();
      await expect(entry(page, BOUND)).toHaveCount(0);
    });
  });
}
