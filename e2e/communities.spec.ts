import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, loginWith, logout, PASSWORD, uniqueEmail } from "./fixtures";

/** The demo world (apps/server seed): the administrator's company and the provider serving its community. */
const ADMIN_COMPANY = "Fincas Centro Administración S.L.";
const DEMO_PROVIDER = { name: "Ascensores Levante S.L.", cif: "B87654321" };

/** A short tag unique to this run, so names and tax ids never clash with an earlier run. */
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
const digits = String(Date.now()).slice(-7);
const SIMPLE = { name: `Comunidad Sol ${tag}`, cif: `H1${digits}` };
const FULL = {
  name: `Comunidad Luna ${tag}`,
  cif: `H2${digits}`,
  email: uniqueEmail("luna"),
  person: "Marta Pérez",
  tfn: "915550101",
  address: "Calle de la Luna 7",
  city: "Madrid",
  postcode: "28004",
  province: "Madrid",
};
const NEW_PROVIDER = { name: `Jardines ${tag} S.L.`, cif: `B3${digits}` };

/** Logs in through the API and answers calls as that user in its (only) colegio. */
async function apiLogin(request: APIRequestContext, email: string) {
  const login = await request.post("/companies/users/login", { data: { email, password: PASSWORD } });
  const data = ((await login.json()) as { data: { token: string; colegios: { id: number }[] } }).data;
  return async (path: string, body: object) => {
    const response = await request.post(path, {
      headers: { Authentication: `Bearer ${data.token}` },
      data: { ...body, colg_id: data.colegios[0]!.id },
    });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
}

const dataRows = (page: Page) => page.locator("tbody tr[data-community-id]");
const communityRow = (page: Page, name: string) => dataRows(page).filter({ hasText: name });

async function loginAsAdministrator(page: Page) {
  await page.goto("./#/login");
  await loginWith(page, DEMO.administrador.email);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  await expect(page.getByRole("heading", { level: 1, name: "Comunidades" })).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("the administrator adds communities with both forms, manages their providers, edits one and deletes one", async ({
  page,
  request,
}) => {
  // The colegio registers a provider the administrator has not worked with yet.
  const asColegio = await apiLogin(request, DEMO.colegio.email);
  await asColegio("/companies/registry/register", {
    email: uniqueEmail("jardines"),
    company_name: NEW_PROVIDER.name,
    cif: NEW_PROVIDER.cif,
    type: 20,
  });

  await loginAsAdministrator(page);
  // The demo community is listed with its provider and red lights (no duties are defined yet).
  const demo = communityRow(page, "Comunidad de Propietarios Calle Mayor 10");
  await expect(demo.locator('[data-column="providers"]')).toHaveText("1");

  // Simple form: name and tax id, both required; nothing is sent while one is missing.
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  let modal = page.getByRole("dialog", { name: "Añadir Comunidad" });
  await modal.getByLabel("Nombre").fill(SIMPLE.name);
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal.getByText("Debe introducir un cif correcto")).toBeVisible();
  await modal.getByLabel("NIF/CIF").fill(SIMPLE.cif);
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("communities-notice")).toContainText("Comunidad dada de alta correctamente");
  await expect(communityRow(page, SIMPLE.name)).toBeVisible();

  // The same tax id again (written differently) is refused by the server; the form keeps what was typed.
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  modal = page.getByRole("dialog", { name: "Añadir Comunidad" });
  await modal.getByLabel("Nombre").fill(`Otra ${tag}`);
  await modal.getByLabel("NIF/CIF").fill(` ${SIMPLE.cif.toLowerCase()}`);
  await modal.getByRole("button", { name: "Guardar" }).click();
  // Spec 02 §8: the server's error in the red 'Error' dialog.
  const errorDialog = page.getByRole("dialog", { name: "Error" });
  await expect(errorDialog.getByTestId("error-dialog-text")).toHaveText("Ya existe otra finca con ese CIF");
  await errorDialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(errorDialog).toBeHidden();
  await expect(modal.getByLabel("Nombre")).toHaveValue(`Otra ${tag}`);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  // Full form: every field required, e-mail valid, postcode of 5.
  await page.getByRole("button", { name: "Alta completa" }).click();
  modal = page.getByRole("dialog", { name: "Alta completa de comunidad" });
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal.getByText("Debes introducir este valor").first()).toBeVisible();
  await modal.getByLabel("Nombre de la comunidad").fill(FULL.name);
  await modal.getByLabel("E-mail").fill("no-es-un-correo");
  await modal.getByLabel("NIF").fill(FULL.cif);
  await modal.getByLabel("Persona de contacto").fill(FULL.person);
  await modal.getByLabel("Teléfono").fill(FULL.tfn);
  await modal.getByLabel("Dirección").fill(FULL.address);
  await modal.getByLabel("Municipio").fill(FULL.city);
  await modal.getByLabel("Código postal").fill("2800");
  await modal.getByLabel("Provincia").fill(FULL.province);
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal.getByText("El código postal debe tener 5 caracteres")).toBeVisible();
  await expect(
    modal
      .getByText("El formato del e-mail no es correcto")
      .or(modal.getByText(/e-mail/i))
      .first(),
  ).toBeVisible();
  await modal.getByLabel("E-mail").fill(FULL.email);
  await modal.getByLabel("Código postal").fill(FULL.postcode);
  await modal.getByRole("button", { name: "Guardar" }).click();
  await expect(modal).toBeHidden();
  await expect(communityRow(page, FULL.name)).toBeVisible();

  // Search narrows the list to the community typed.
  await page.getByRole("textbox", { name: "Buscar" }).fill(`Luna ${tag}`);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).first()).toContainText(FULL.cif);

  // Opening it shows the panel: its name, its menu and its Info card with the contact data.
  await communityRow(page, FULL.name).click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
  await expect(page.getByRole("heading", { name: FULL.name })).toBeVisible();
  const panelMenu = page.getByRole("navigation", { name: "Menú de la comunidad" });
  await expect(panelMenu.getByRole("link", { name: "Proveedores", exact: true })).toBeVisible();
  await expect(panelMenu.getByRole("link", { name: "Documentos de proveedores" })).toBeVisible();
  await expect(panelMenu.getByRole("link", { name: "Calendario", exact: true })).toBeVisible();
  const info = page.getByTestId("community-info");
  await expect(info).toContainText(FULL.email);
  await expect(info).toContainText(FULL.person);

  // No providers yet; 'Añadir Proveedor' opens the picker of the colegio's providers.
  await expect(page.getByText("No hay proveedores en esta comunidad")).toBeVisible();
  await page.getByRole("button", { name: "Añadir Proveedor" }).click();
  const picker = page.getByRole("dialog", { name: "Añadir Proveedor" });
  await picker.getByRole("textbox", { name: "Buscar" }).fill(tag);
  await picker.getByRole("button", { name: `Añadir ${NEW_PROVIDER.name}` }).click();
  await expect(picker.getByText(`Proveedor añadido a la comunidad: ${NEW_PROVIDER.name}`)).toBeVisible();
  await expect(picker.getByRole("button", { name: "Ya añadido" })).toBeVisible();

  // By tax id: an unknown one, then the demo provider's.
  const cif = picker.getByLabel("CIF/NIF del proveedor");
  await cif.fill("B99999999");
  await picker.getByRole("button", { name: "Añadir", exact: true }).last().click();
  await expect(picker.getByText("El gremio no está registrado en la plataforma")).toBeVisible();
  await cif.fill(DEMO_PROVIDER.cif);
  await picker.getByRole("button", { name: "Añadir", exact: true }).last().click();
  await expect(picker.getByText(`Proveedor añadido a la comunidad: ${DEMO_PROVIDER.name}`)).toBeVisible();
  await cif.fill(DEMO_PROVIDER.cif);
  await picker.getByRole("button", { name: "Añadir", exact: true }).last().click();
  await expect(picker.getByText("El gremio ya ha sido añadido")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();

  // Both are listed with their upload and read counts; one is removed after confirming.
  const providerRows = page.locator("tbody tr").filter({ has: page.getByRole("button", { name: /^Quitar / }) });
  await expect(providerRows).toHaveCount(2);
  // Nothing expected of it yet in the new community: a dash, not '0/0' (docs/compliance.md, 'Nada esperado').
  await expect(providerRows.filter({ hasText: DEMO_PROVIDER.name })).toContainText("—");
  await page.getByRole("button", { name: `Quitar ${NEW_PROVIDER.name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Quitar proveedor" });
  await expect(confirm).toContainText(`¿Seguro que quieres quitar a ${NEW_PROVIDER.name} de esta comunidad?`);
  await confirm.getByRole("button", { name: "Quitar" }).click();
  await expect(providerRows).toHaveCount(1);
  await expect(providerRows.first()).toContainText(DEMO_PROVIDER.name);

  // A provider's view, and 'Volver' back to the providers.
  await providerRows.first().click();
  await expect(page).toHaveURL(/\/proveedores\/\d+$/);
  await expect(page.getByText(DEMO_PROVIDER.name).first()).toBeVisible();
  await expect(page.getByText("Documentos de lectura")).toBeVisible();
  await page
    .getByRole("button", { name: "Volver", exact: true })
    .or(page.getByRole("link", { name: "Volver", exact: true }))
    .click();
  await expect(page).toHaveURL(/\/proveedores$/);

  // The Info card's pencil: a postcode of 4 is refused before sending; a good one is saved and shown.
  await info.getByRole("button", { name: "Editar datos de la comunidad" }).click();
  const edit = page.getByRole("dialog", { name: "Editar comunidad" });
  await edit.getByLabel("Teléfono").fill("915550202");
  await edit.getByLabel("Código postal").fill("2801");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit.getByText("El código postal debe estar vacío o tener 5 caracteres")).toBeVisible();
  await edit.getByLabel("Código postal").fill("28014");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId("community-notice")).toContainText("Datos guardados correctamente");
  await expect(info).toContainText("915550202");
  await expect(info).toContainText("28014");
  // After a reload the panel shows what the server keeps.
  await page.reload();
  await expect(page.getByTestId("community-info")).toContainText("915550202");

  // Back to the list: the providers count follows; the simple community is deleted after confirming.
  await page
    .getByRole("button", { name: "Volver a comunidades" })
    .or(page.getByRole("link", { name: "Volver a comunidades" }))
    .click();
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  await expect(communityRow(page, FULL.name).locator('[data-column="providers"]')).toHaveText("1");
  await communityRow(page, SIMPLE.name).getByRole("button", { name: "Borrar comunidad" }).click();
  const erase = page.getByRole("dialog", { name: "Borrar comunidad" });
  await expect(erase).toContainText(`¿Seguro que quieres borrar la comunidad ${SIMPLE.name}?`);
  await erase.getByRole("button", { name: "Borrar" }).click();
  await expect(communityRow(page, SIMPLE.name)).toHaveCount(0);
  await expect(page.getByTestId("communities-notice")).toBeVisible();
  await logout(page);
});

test("the provider sees the communities it serves and opens one, read-only", async ({ page }) => {
  await page.goto("./#/login");
  await loginWith(page, DEMO.gremio.email);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  const row = communityRow(page, FULL.name);
  await expect(row).toContainText(FULL.cif);
  await expect(row).toContainText(ADMIN_COMPANY);
  // The deleted community and those it does not serve are not there.
  await expect(communityRow(page, SIMPLE.name)).toHaveCount(0);

  await row.getByRole("button", { name: "Ver comunidad" }).click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/gremio\/docs-finca$/);
  await expect(page.getByRole("heading", { name: FULL.name })).toBeVisible();
  const panelMenu = page.getByRole("navigation", { name: "Menú de la comunidad" });
  await expect(panelMenu.getByRole("link", { name: "Documentos de la comunidad" })).toBeVisible();
  await expect(panelMenu.getByRole("link", { name: "Proveedores", exact: true })).toHaveCount(0);
  const info = page.getByTestId("community-info");
  await expect(info).toContainText("915550202");
  await expect(info.getByRole("button", { name: "Editar datos de la comunidad" })).toHaveCount(0);

  // The administrator's providers view is not the provider's: the address leads back to its start page
  // (and the server refuses the list anyway: community-providers.test.ts).
  const id = /comunidad\/(\d+)\//.exec(page.url())?.[1];
  await page.goto(`./#/comunidades/comunidad/${id}/proveedores`);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
});
