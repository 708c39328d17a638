import fs from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, hashOf, loginWith, uniqueEmail, waitForMail } from "./fixtures";

/** The demo companies the server seeds (apps/server seed). */
const ADMIN_COMPANY = { name: "Fincas Centro Administración S.L.", cif: "B86123450", email: DEMO.administrador.email };
const PROVIDER_COMPANY = { name: "Ascensores Levante S.L.", cif: "B87654321", email: DEMO.gremio.email };

/** Columns of the CSV summaries (SUMMARY_COLUMNS in packages/domain/src/schemas/companies.ts). */
const SUMMARY_COLUMNS = {
  colegio_created: ["company_cif", "company_name", "company_owner_user", "owned_fincas"],
  colegio_providers_summary: ["cif", "name", "company_owner_mail", "tfn"],
};

/** A short tag unique to this run, so searches find exactly what a test created. */
const runTag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;

/** A call to the API as the logged-in user of the page (token and colegio from its stored session). */
async function apiPost<T>(page: Page, path: string, body: object = {}): Promise<T> {
  const stored = await page.evaluate(
    () => sessionStorage.getItem("coordina.currentUser") ?? localStorage.getItem("coordina.currentUser"),
  );
  const session = JSON.parse(stored ?? "null") as { token: string; colegio: { id: number } };
  const response = await page.request.post(path, {
    headers: { Authentication: `Bearer ${session.token}` },
    data: { ...body, colg_id: session.colegio.id },
  });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Registers a company in the colegio through the API (as the NIF form's 'Guardar' does). */
async function registerCompany(page: Page, name: string, cif: string, type: 15 | 20, email = uniqueEmail("alta")) {
  await apiPost(page, "/companies/registry/register", { email, company_name: name, cif, type });
  return email;
}

/** The data rows of the list on screen (the ones with an 'Editar' action). */
/** The list's company rows: each has its status switch ('Desactivar', or 'Activar' once deactivated). */
const dataRows = (page: Page) =>
  page.getByRole("row").filter({ has: page.getByRole("button", { name: /^(Activar|Desactivar)$/ }) });
const rowOf = (page: Page, name: string) => dataRows(page).filter({ hasText: name });

/** The side menu's 'Proveedores' (not 'Proveedores por actividad'). */
async function openProviders(page: Page) {
  await page.getByRole("navigation", { name: "Menú" }).getByRole("link", { name: "Proveedores", exact: true }).click();
  await expect(page).toHaveURL(/#\/admin\/proveedor$/);
  // The page's own search box (not the one of the page being left, while the new one loads).
  await expect(page.getByRole("heading", { level: 1, name: "Proveedores" })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Buscar" }).fill(text);
}

async function loginAsColegio(page: Page) {
  await page.goto("./#/login");
  await loginWith(page, DEMO.colegio.email);
  await expect(page).toHaveURL(/#\/admin\/administradores$/);
  await expect(page.getByRole("heading", { level: 1, name: "Administradores de fincas" })).toBeVisible();
}

function paginationButton(page: Page, n: number): Locator {
  return page.getByRole("button", { name: `Página ${n}`, exact: true });
}

/** A minimal CSV reader for the summaries: ';' between fields, quotes doubled inside quoted fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Clicks 'Resumen', waits for the download and returns its name and parsed rows (BOM checked). */
async function downloadSummary(page: Page) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Resumen" }).click();
  const download = await downloading;
  const path = await download.path();
  const bytes = await fs.readFile(path);
  // UTF-8 with a byte-order mark, so a Spanish Excel shows the accents.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  expect(text).toContain("\r\n");
  return { name: download.suggestedFilename(), rows: parseCsv(text) };
}

test.describe("company lists of the colegio", () => {
  test("the providers list pages and searches on the server, and the address keeps the page without adding history", async ({
    page,
  }) => {
    test.slow();
    await loginAsColegio(page);
    const tag = runTag();
    for (let i = 1; i <= 11; i++) {
      const n = String(i).padStart(2, "0");
      await registerCompany(page, `Paginado ${tag} ${n}`, `P${tag}${n}`.toUpperCase(), 20);
    }

    await openProviders(page);
    await expect(page).toHaveURL(/#\/admin\/proveedor$/);
    await expect(page.getByRole("heading", { level: 1, name: "Proveedores" })).toBeVisible();
    for (const column of [
      "Estado",
      "Empresa/Registro",
      "NIF/CIF",
      "Actividades",
      "Gestor de cuenta",
      "Docs a subir",
      "Docs a leer",
      "Docs pend validar",
      "En Fincas",
      "Acciones",
    ])
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    // The Id column only in development (as the server's /app/config says).
    const config = (await (await page.request.get("/app/config")).json()) as { data: { development: boolean } };
    await expect(page.getByRole("columnheader", { name: "Id", exact: true })).toHaveCount(
      config.data.development ? 1 : 0,
    );

    // Page 1 of everything (by name), then page 2: the address says so, and replaces itself.
    await expect(dataRows(page)).toHaveCount(10);
    const firstPage = await dataRows(page).allInnerTexts();
    await paginationButton(page, 2).click();
    await expect(page).toHaveURL(/currentPage=2/);
    expect(hashOf(page)).toMatch(/^\/admin\/proveedor\?/);
    expect(new URLSearchParams(hashOf(page).split("?")[1]).get("rows")).toBe("10");
    await expect.poll(() => dataRows(page).allInnerTexts()).not.toEqual(firstPage);
    const secondPage = await dataRows(page).allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);

    // A reload keeps the page.
    await page.reload();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(paginationButton(page, 2)).toHaveAttribute("aria-current", "page");
    await expect.poll(() => dataRows(page).allInnerTexts()).toEqual(secondPage);

    // Going back leaves the list (the pages were not history entries).
    await page.goBack();
    await expect(page).toHaveURL(/#\/admin\/administradores$/);
    await page.goForward();
    await expect(page).toHaveURL(/#\/admin\/proveedor\?.*currentPage=2/);

    // The search (debounced, on the server) narrows the list and starts again at page 1.
    await openProviders(page);
    await expect(page).toHaveURL(/#\/admin\/proveedor$/);
    await search(page, `Paginado ${tag}`);
    await expect(page.getByText("Num: 11", { exact: true })).toBeVisible();
    await expect(dataRows(page)).toHaveCount(10);
    await expect(dataRows(page).first()).toContainText(`Paginado ${tag} 01`);
    await expect(dataRows(page).first()).toContainText("Registro pendiente");
    await paginationButton(page, 2).click();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(`Paginado ${tag} 11`);
    await search(page, `Paginado ${tag} 07`);
    await expect(page.getByText("Num: 1", { exact: true })).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(`P${tag}07`.toUpperCase());
    await expect(page).toHaveURL(/currentPage=1/);

    // Sorting by name descending is done by the server.
    await search(page, `Paginado ${tag}`);
    await expect(page.getByText("Num: 11", { exact: true })).toBeVisible();
    const header = page.getByRole("columnheader", { name: "Empresa/Registro" });
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect(dataRows(page).first()).toContainText(`Paginado ${tag} 11`);

    // rows in the address sets the page size.
    await page.goto("./#/admin/proveedor?currentPage=1&rows=5");
    await expect(dataRows(page)).toHaveCount(5);
  });

  test("'Ver solo docs pendientes' is kept in the address as docsRead=1 and asks the server for filterNotRead; 'Añadir' invites a company", async ({
    page,
  }) => {
    await loginAsColegio(page);
    await openProviders(page);
    const box = page.getByRole("checkbox", { name: "Ver solo docs pendientes" });
    await expect(box).not.toBeChecked();
    const filtered = page.waitForRequest(
      (r) => r.url().endsWith("/companies/companies/index") && r.postDataJSON()?.filterNotRead === true,
    );
    await box.check();
    const request = await filtered;
    expect(request.postDataJSON()).toMatchObject({ type: 20, page: 1, filterNotRead: true });
    await expect(page).toHaveURL(/docsRead=1/);

    // Opened with docsRead=1, the box comes ticked and the list filtered.
    const again = page.waitForRequest(
      (r) => r.url().endsWith("/companies/companies/index") && r.postDataJSON()?.filterNotRead === true,
    );
    await page.goto("./#/admin/administradores");
    // A hash change returns at once: the providers page must be gone before it is opened again, or the
    // second change can land before React left it and nothing is asked again.
    await expect(page.getByRole("heading", { level: 1, name: "Administradores de fincas" })).toBeVisible();
    await page.goto("./#/admin/proveedor?docsRead=1");
    await again;
    await expect(box).toBeChecked();
    await box.uncheck();
    await expect(page).not.toHaveURL(/docsRead/);

    // 'Añadir' is the invitation form of a company.
    const email = uniqueEmail("invitado");
    await page.getByRole("button", { name: "Añadir", exact: true }).click();
    const invitation = page.getByRole("dialog", { name: "Invitar a una compañía" });
    await invitation.getByRole("radio", { name: "Proveedor" }).check();
    await invitation.getByLabel("Nombre de la compañía").fill(`Invitada ${runTag()} S.L.`);
    await invitation.getByLabel("E-mail del gestor").fill(email);
    await invitation.getByRole("button", { name: "Enviar" }).click();
    await expect(invitation.getByText("Invitación enviada correctamente")).toBeVisible();
    await invitation.getByRole("button", { name: "Terminar" }).click();
    await expect(invitation).toBeHidden();
    await waitForMail(email);
  });

  test("the colegio edits a provider's activities and data, and deactivates and reactivates it", async ({ page }) => {
    test.slow();
    await loginAsColegio(page);
    const tag = runTag();
    const name = `Editable ${tag} S.L.`;
    const cif = `E${tag}`.toUpperCase();
    const email = await registerCompany(page, name, cif, 20);
    const activities = ["A", "B", "C", "D", "E", "F"].map((letter) => `Actividad ${tag} ${letter}`);
    for (const activity of activities) await apiPost(page, "/companies/activities/add", { name: activity });

    await openProviders(page);
    await search(page, name);
    await expect(dataRows(page)).toHaveCount(1);
    const row = rowOf(page, name);

    // The editor shows what is stored; 'Guardar' waits for a change.
    await row.getByRole("button", { name: "Editar" }).click();
    const editor = page.getByRole("dialog", { name: "Editar compañía" });
    await expect(editor.getByLabel("E-mail del gestor")).toHaveValue(email);
    await expect(editor.getByLabel("CIF de la empresa")).toHaveValue(cif);
    await expect(editor.getByLabel("Nombre de la empresa")).toHaveValue(name);
    await expect(editor.getByRole("radio", { name: "Proveedor de servicios" })).toBeChecked();
    await expect(editor.getByRole("radio", { name: "Administrador de fincas" })).not.toBeChecked();
    const save = editor.getByRole("button", { name: "Guardar" });
    await expect(save).toBeDisabled();
    await editor.getByLabel("Nombre de la empresa").fill(`${name} X`);
    await expect(save).toBeEnabled();
    await editor.getByLabel("Nombre de la empresa").fill(name);
    await expect(save).toBeDisabled();

    // Six activities: the editor's table shows five a page.
    const table = editor.getByRole("table", { name: "Actividades" });
    const picker = editor.getByLabel("Añadir actividad");
    for (const activity of activities) {
      await picker.click();
      await picker.fill(activity);
      await page.getByRole("option", { name: activity, exact: true }).click();
      await expect(table.getByRole("button", { name: `Quitar ${activity}` })).toBeVisible();
    }
    await expect(save).toBeEnabled();
    await editor.getByRole("button", { name: "Página 1", exact: true }).click();
    await expect(table.getByRole("button", { name: /^Quitar / })).toHaveCount(5);
    await editor.getByRole("button", { name: "Página 2", exact: true }).click();
    await expect(table.getByRole("button", { name: /^Quitar / })).toHaveCount(1);
    await expect(table).toContainText(activities[5]!);
    await editor.getByRole("button", { name: "Página 1", exact: true }).click();
    await table.getByRole("button", { name: `Quitar ${activities[0]}` }).click();
    await expect(table.getByRole("button", { name: /^Quitar / })).toHaveCount(5);
    await expect(editor.getByRole("button", { name: "Página 2", exact: true })).toHaveCount(0);

    const saved = page.waitForRequest((r) => r.url().endsWith("/companies/colegio/update"));
    await save.click();
    const body = (await saved).postDataJSON() as Record<string, unknown>;
    // Type and activities always; unchanged cif, name and e-mail are not sent.
    expect(body.companytype).toBe(20);
    expect((body.activities as number[]).length).toBe(5);
    expect(body).not.toHaveProperty("cif");
    expect(body).not.toHaveProperty("name");
    expect(body).not.toHaveProperty("email");
    await expect(editor).toBeHidden();
    await expect(page.getByTestId("companies-notice")).toHaveText("Datos guardados correctamente");
    for (const activity of activities.slice(1)) await expect(row).toContainText(activity);
    await expect(row).not.toContainText(activities[0]!);

    // A taken CIF: the server's reason in the 'Error en el guardado' dialog; nothing changes.
    await row.getByRole("button", { name: "Editar" }).click();
    await expect(table.getByRole("button", { name: /^Quitar / })).toHaveCount(5);
    await expect(save).toBeDisabled();
    await editor.getByLabel("CIF de la empresa").fill(PROVIDER_COMPANY.cif);
    await save.click();
    const failure = page.getByRole("dialog", { name: "Error en el guardado" });
    await expect(failure).toContainText("Ya existe una compañía/usuario con ese NIF/CIF");
    await failure.getByRole("button", { name: "Aceptar" }).click();
    await expect(failure).toBeHidden();

    // A new manager e-mail: saved, and the user is told.
    await editor.getByLabel("CIF de la empresa").fill(cif);
    const newEmail = uniqueEmail("gestor-nuevo");
    await editor.getByLabel("E-mail del gestor").fill(newEmail);
    await save.click();
    await expect(editor).toBeHidden();
    const notice = page.getByTestId("companies-notice");
    await expect(notice).toContainText("Datos guardados correctamente");
    await expect(notice).toContainText("Se ha enviado un e-mail de notificación al usuario");
    await expect(row).toContainText(newEmail);
    await waitForMail(newEmail);

    // Deactivate (after confirming), then activate again: the icon and its label follow.
    await row.getByRole("button", { name: "Desactivar" }).click();
    const confirm = page.getByRole("dialog", { name: "Desactivar compañía" });
    await expect(confirm).toContainText(name);
    await confirm.getByRole("button", { name: "Desactivar" }).click();
    await expect(row.getByRole("button", { name: "Activar" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Activar" }).locator("svg.tabler-icon-ban")).toHaveCount(1);
    await expect(row).toContainText("Desactivada");
    await expect(page.getByTestId("companies-notice")).toHaveText(`${name} se ha desactivado`);
    // Deactivated, the company is no longer the colegio's to read: only 'Activar' is left on its row.
    await expect(row.getByText("Desactivada en tu colegio: actívala para ver sus datos.")).toBeVisible();
    await expect(row.getByRole("button", { name: "Editar" })).toHaveCount(0);

    await row.getByRole("button", { name: "Activar" }).click();
    await expect(row.getByRole("button", { name: "Desactivar" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Desactivar" }).locator("svg.tabler-icon-circle-check")).toHaveCount(
      1,
    );
    await expect(row).not.toContainText("Desactivada");
    await expect(page.getByTestId("companies-notice")).toHaveText(`${name} se ha activado`);
  });

  test("'Añadir por NIF': a member is recognised, a company of another kind refused, a registered one included, a new one registered", async ({
    page,
  }) => {
    test.slow();
    await loginAsColegio(page);
    const tag = runTag();

    // The demo administrator is already a member; the demo provider is of the other kind.
    await page.getByRole("button", { name: "Añadir por NIF" }).click();
    let modal = page.getByRole("dialog", { name: "Añadir administrador por NIF" });
    await modal.getByLabel("NIF/CIF").fill(ADMIN_COMPANY.cif);
    await modal.getByRole("button", { name: "Validar" }).click();
    await expect(modal.getByTestId("nif-form-found")).toContainText(ADMIN_COMPANY.name);
    await expect(modal.getByTestId("nif-form-found")).toContainText(ADMIN_COMPANY.email);
    await expect(modal.getByText("La compañía ya pertenece a este colegio")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Aceptar" })).toHaveCount(0);
    await modal.getByLabel("NIF/CIF").fill(PROVIDER_COMPANY.cif);
    await modal.getByRole("button", { name: "Validar" }).click();
    await expect(modal.getByTestId("nif-form-error")).toContainText(
      "Ya existe una compañía de otro tipo con ese NIF/CIF",
    );
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();

    await openProviders(page);
    await page.getByRole("button", { name: "Añadir por NIF" }).click();
    modal = page.getByRole("dialog", { name: "Añadir proveedor por NIF" });
    const nif = modal.getByLabel("NIF/CIF");
    // Nothing is looked up without a NIF.
    await modal.getByRole("button", { name: "Validar" }).click();
    await expect(modal.getByText("Debes introducir este valor")).toBeVisible();

    await nif.fill(PROVIDER_COMPANY.cif);
    await modal.getByRole("button", { name: "Validar" }).click();
    await expect(modal.getByTestId("nif-form-found")).toContainText(PROVIDER_COMPANY.name);
    await expect(modal.getByTestId("nif-form-found")).toContainText(PROVIDER_COMPANY.email);
    await expect(modal.getByText("La compañía ya pertenece a este colegio")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Aceptar" })).toHaveCount(0);

    // A provider registered on the platform by itself (in no colegio yet): 'Aceptar' includes it.
    const selfName = `Autoregistrado ${tag} S.L.`;
    const selfCif = `R${tag}`.toUpperCase();
    const selfEmail = uniqueEmail("autoregistro");
    const registered = await page.request.post("/companies/companies/register-provider", {
      data: { email: selfEmail, cif: selfCif, company: selfName },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    await nif.fill(selfCif);
    await modal.getByRole("button", { name: "Validar" }).click();
    await expect(modal.getByTestId("nif-form-found")).toContainText(selfName);
    await expect(modal.getByTestId("nif-form-found")).toContainText(selfEmail);
    await modal.getByRole("button", { name: "Aceptar" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("companies-notice")).toHaveText("Proveedor dado de alta correctamente");
    await search(page, selfName);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowOf(page, selfName)).toContainText(selfCif);

    // Not registered: name and manager e-mail, checked before anything is sent.
    const newName = `Nuevo por NIF ${tag} S.L.`;
    const newCif = `N${tag}`.toUpperCase();
    const newEmail = uniqueEmail("por-nif");
    await page.getByRole("button", { name: "Añadir por NIF" }).click();
    await nif.fill(newCif);
    await modal.getByRole("button", { name: "Validar" }).click();
    await expect(modal.getByText("Se enviará un e-mail para el registro del usuario y de la cuenta.")).toBeVisible();
    let sent = 0;
    const count = (r: { url(): string }) => {
      if (r.url().endsWith("/companies/registry/register")) sent++;
    };
    page.on("request", count);
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("Debes introducir este valor")).toHaveCount(2);
    await modal.getByLabel("Nombre de la empresa").fill(newName);
    await modal.getByLabel("E-mail del gestor").fill("sin-arroba");
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("El email no tiene un formato válido")).toBeVisible();
    expect(sent).toBe(0);
    page.off("request", count);
    await modal.getByLabel("E-mail del gestor").fill(newEmail);
    await expect(modal.getByText("El email no tiene un formato válido")).toHaveCount(0);
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("companies-notice")).toHaveText("Proveedor dado de alta correctamente");
    await search(page, newName);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowOf(page, newName)).toContainText("Registro pendiente");
    await expect(rowOf(page, newName)).toContainText(newEmail);
    const [mail] = await waitForMail(newEmail);
    expect(mail!.text).toMatch(/#\/invitation\?token=/);
  });

  test("'Alta completa' checks every field before sending, registers the administrator and shows the server's reasons", async ({
    page,
  }) => {
    test.slow();
    await loginAsColegio(page);
    const tag = runTag();
    const name = `Administración Completa ${tag} S.L.`;
    const cif = `C${tag}`.toUpperCase();
    const email = uniqueEmail("alta-completa");

    await page.getByRole("button", { name: "Alta completa" }).click();
    const modal = page.getByRole("dialog", { name: "Alta completa de administrador" });
    let sent = 0;
    const count = (r: { url(): string }) => {
      if (r.url().endsWith("/companies/registry/register")) sent++;
    };
    page.on("request", count);
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("Debes introducir este valor")).toHaveCount(9);
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values))
        await modal.getByRole("textbox", { name: label, exact: true }).fill(value);
    };
    await fill({
      Nombre: name,
      "E-mail": "correo-mal",
      NIF: cif,
      "Persona de contacto": "Lucía Pérez",
      Teléfono: "+34 910 000 111",
      Dirección: "Calle Mayor 1",
      Municipio: "Madrid",
      "Código postal": "280",
      Provincia: "Madrid",
    });
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByText("El email no tiene un formato válido")).toBeVisible();
    await expect(modal.getByText("El código postal debe tener 5 caracteres")).toBeVisible();
    await expect(modal.getByText("Debes introducir este valor")).toHaveCount(0);
    expect(sent).toBe(0);
    page.off("request", count);

    await fill({ "E-mail": email, "Código postal": "28013" });
    const request = page.waitForRequest((r) => r.url().endsWith("/companies/registry/register"));
    await modal.getByRole("button", { name: "Guardar" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      email,
      company_name: name,
      cif,
      type: 15,
      company_data: {
        cif,
        person: "Lucía Pérez",
        tfn: "+34 910 000 111",
        address: "Calle Mayor 1",
        city: "Madrid",
        country: "Madrid",
        postcode: "28013",
      },
    });
    await expect(modal).toBeHidden();
    await expect(page.getByTestId("companies-notice")).toHaveText("Administrador dado de alta correctamente");
    await search(page, name);
    await expect(dataRows(page)).toHaveCount(1);
    const row = rowOf(page, name);
    await expect(row).toContainText(cif);
    await expect(row).toContainText(email);
    await expect(row).toContainText("Registro pendiente");
    await waitForMail(email);

    // The same NIF, or the same e-mail, again: the server's reason, and the form stays open.
    await page.getByRole("button", { name: "Alta completa" }).click();
    await fill({
      Nombre: `${name} bis`,
      "E-mail": uniqueEmail("otra"),
      NIF: cif,
      "Persona de contacto": "Lucía Pérez",
      Teléfono: "910000111",
      Dirección: "Calle Mayor 1",
      Municipio: "Madrid",
      "Código postal": "28013",
      Provincia: "Madrid",
    });
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByTestId("full-form-error")).toContainText("Ya existe una compañía/usuario con ese NIF/CIF");
    await fill({ "E-mail": email, NIF: `${cif}B` });
    await modal.getByRole("button", { name: "Guardar" }).click();
    await expect(modal.getByTestId("full-form-error")).toContainText("El usuario ya existe. No puede invitarlo");
  });

  test("'Resumen' downloads each list's CSV summary", async ({ page }) => {
    await loginAsColegio(page);
    const administrators = await downloadSummary(page);
    expect(administrators.name).toMatch(/\.csv$/);
    expect(administrators.rows[0]).toEqual(SUMMARY_COLUMNS.colegio_created);
    const admin = administrators.rows.find((r) => r[0] === ADMIN_COMPANY.cif);
    expect(admin?.slice(0, 3)).toEqual([ADMIN_COMPANY.cif, ADMIN_COMPANY.name, ADMIN_COMPANY.email]);
    expect(admin?.[3]).toMatch(/^\d+$/);
    // Administrators only.
    expect(administrators.rows.some((r) => r[0] === PROVIDER_COMPANY.cif)).toBe(false);

    await openProviders(page);
    const providers = await downloadSummary(page);
    expect(providers.name).toMatch(/\.csv$/);
    expect(providers.name).not.toBe(administrators.name);
    expect(providers.rows[0]).toEqual(SUMMARY_COLUMNS.colegio_providers_summary);
    const provider = providers.rows.find((r) => r[0] === PROVIDER_COMPANY.cif);
    expect(provider?.slice(0, 3)).toEqual([PROVIDER_COMPANY.cif, PROVIDER_COMPANY.name, PROVIDER_COMPANY.email]);
    expect(providers.rows.some((r) => r[0] === ADMIN_COMPANY.cif)).toBe(false);
    for (const r of providers.rows) expect(r).toHaveLength(4);
  });
});

test.describe("a company's users and a provider's detail", () => {
  test("the colegio opens an administrator's users and comes back to the same page of the list", async ({ page }) => {
    await loginAsColegio(page);
    // A second administrator, so that at one row a page there is a page 2.
    const tag = runTag();
    await registerCompany(page, `Segunda Administración ${tag} S.L.`, `S${tag}`.toUpperCase(), 15);
    for (const column of [
      "Estado",
      "Empresa/Registro",
      "NIF/CIF",
      "Empresa Creadora",
      "Gestor de cuenta",
      "Fincas",
      "Acciones",
    ])
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    await search(page, ADMIN_COMPANY.cif);
    await expect(dataRows(page)).toHaveCount(1);
    const row = rowOf(page, ADMIN_COMPANY.name);
    await expect(row).toContainText(ADMIN_COMPANY.email);
    await expect(row).toContainText(/Alta: \d{2}\/\d{2}\/\d{4}/);
    await row.getByRole("button", { name: "Ver usuarios" }).click();
    await expect(page).toHaveURL(/#\/admin\/administradores\/\d+\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: ADMIN_COMPANY.name })).toBeVisible();
    const user = page.getByRole("row", { name: new RegExp(ADMIN_COMPANY.email) });
    await expect(user).toContainText("Gestor");
    await expect(user).toContainText("Activo");
    await page.getByRole("link", { name: "Volver", exact: true }).click();
    await expect(page).toHaveURL(/#\/admin\/administradores$/);

    // From page 2 (rows=1), 'Volver' comes back to page 2.
    await page.goto("./#/admin/administradores?currentPage=2&rows=1");
    await expect(dataRows(page)).toHaveCount(1);
    await dataRows(page).first().getByRole("button", { name: "Seleccionar" }).click();
    await expect(page).toHaveURL(/#\/admin\/administradores\/\d+\/users$/);
    await page.getByRole("link", { name: "Volver", exact: true }).click();
    await expect(page).toHaveURL(/#\/admin\/administradores\?currentPage=2&rows=1$/);
    await expect(paginationButton(page, 2)).toHaveAttribute("aria-current", "page");
  });

  test("the colegio opens a provider: its data, its general documents, its communities and its users", async ({
    page,
  }) => {
    await loginAsColegio(page);
    await openProviders(page);
    await search(page, PROVIDER_COMPANY.cif);
    await expect(dataRows(page)).toHaveCount(1);
    const row = rowOf(page, PROVIDER_COMPANY.name);
    // Its three lights, each a tab stop named in words (docs/compliance.md §Lights).
    await expect(row.getByRole("button", { name: /^(Documentos|Nada pendiente)/ })).toHaveCount(3);

    await row.getByRole("link", { name: PROVIDER_COMPANY.name }).click();
    await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/users\/\1$/);
    await expect(page.getByRole("heading", { level: 1, name: PROVIDER_COMPANY.name })).toBeVisible();
    const id = /proveedor\/(\d+)\//.exec(hashOf(page))![1];
    const info = page.getByTestId("provider-info");
    await expect(info).toContainText(PROVIDER_COMPANY.cif);
    await expect(info).toContainText(PROVIDER_COMPANY.email);
    const user = page.getByRole("row", { name: new RegExp(PROVIDER_COMPANY.email) });
    await expect(user).toContainText("Gestor");

    const sections = page.getByRole("navigation", { name: "Secciones del proveedor" });
    await sections.getByRole("link", { name: "Docs generales" }).click();
    await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/upload\/\1$/);
    // Its general documents, one box per definition of the (demo) colegio, read-only: none uploaded yet.
    const insurance = page.getByTestId("definition-box").filter({ hasText: "Seguro de responsabilidad civil" });
    await expect(insurance.getByTestId("no-documents")).toHaveText("No hay documentos");
    await expect(insurance.getByTestId("upload-area")).toHaveCount(0);
    await sections.getByRole("link", { name: "Comunidades" }).click();
    await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/comunidades\/\1$/);
    // Its communities (the journey of e2e/provider-home.spec.ts looks at their figures and documents).
    await expect(
      page.getByRole("row").filter({ hasText: "Comunidad de Propietarios Calle Mayor 10" }).getByRole("button", {
        name: "Ver documentos de Comunidad de Propietarios Calle Mayor 10",
      }),
    ).toBeVisible();
    await sections.getByRole("link", { name: "Usuarios" }).click();
    await expect(page.getByRole("row", { name: new RegExp(PROVIDER_COMPANY.email) })).toBeVisible();
    // Without a section, the provider opens on its users.
    await page.goto(`./#/admin/proveedor/${id}`);
    await expect(page).toHaveURL(new RegExp(`#/admin/proveedor/${id}/users/${id}$`));
    await expect(page.getByRole("row", { name: new RegExp(PROVIDER_COMPANY.email) })).toBeVisible();

    await page.getByRole("link", { name: "Volver a proveedores" }).click();
    await expect(page).toHaveURL(/#\/admin\/proveedor$/);
    await expect(page.getByRole("heading", { level: 1, name: "Proveedores" })).toBeVisible();

    // The folder action opens the provider's general documents.
    await search(page, PROVIDER_COMPANY.cif);
    await expect(dataRows(page)).toHaveCount(1);
    await rowOf(page, PROVIDER_COMPANY.name).getByRole("button", { name: "Abrir carpeta" }).click();
    await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/upload\/\1$/);
  });
});
