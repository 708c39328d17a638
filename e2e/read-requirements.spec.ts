import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, DEMO, expectAccessible, isPhone, loginWith, logout, makePdf, openMenu, validCif } from "./fixtures";

/*
 * Read requirements (document-read-requirements; issue 23 part 2): the colegio makes a definition's
 * documents required reading in its 'Definición de documentos' ('Lecturas obligatorias'), the provider
 * then has the document to read (its pending reads grow by one, as the colegio's 'Docs a leer' does), the
 * administrator follows it in 'Lecturas de documentos': "Leído por 0 de 1", then 1 de 1 with the date
 * once the provider marked it read. Last the colegio takes the requirement away ('¿Estás seguro?') and the
 * provider's reads are back. In the demo colegio, on a community of the demo administrator's own made for
 * this journey (so that the demo provider is its only reader), removed afterwards with the definition.
 */

const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
const PROVIDER = { name: "Ascensores Levante S.L.", cif: "B87654321" };
const ADMINISTRATOR_NAME = "Fincas Centro Administración S.L.";
const DEFINITION = `Normas de acceso ${tag}`;
const FILE = `normas-acceso-${tag}.pdf`;
const COMMUNITY = { id: 0, name: `Comunidad Lecturas ${tag}`, cif: validCif("H") };
let definitionId = 0;

/** Requirement values (spec 02 §3). */
const ADMINISTRATOR = 0;
const PROVIDER_REQ = 5;

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

/** The colegio's 'Docs a leer' of the demo provider: [read, must] (companies/companies/index). */
async function docsToRead(request: APIRequestContext): Promise<[number, number]> {
  const colegio = await apiLogin(request, DEMO.colegio.email);
  const list = await colegio.post<{ data: { company_cif: string; read_all: number; read_must: number }[] }>(
    "/companies/companies/index",
    { type: 20, filter: PROVIDER.cif, limit: 10 },
  );
  const row = list.data.find((c) => c.company_cif === PROVIDER.cif);
  expect(row, "the demo provider's row").toBeDefined();
  return [row!.read_all, row!.read_must];
}

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

/** The provider's 'Tareas pendientes': how many documents it has to read, and the row of ours. */
async function providerPendingReads(page: Page) {
  await openMenu(page, "Tareas pendientes");
  await expect(page).toHaveURL(/#\/proveedores\/main$/);
  const reads = page.getByTestId("pending-reads");
  await expect(reads.getByRole("heading", { name: "Lecturas pendientes" })).toBeVisible();
  const count = Number(await reads.getByTestId("pending-reads-count").getAttribute("data-count"));
  return { count, ours: reads.getByTestId("pending-read-document").filter({ hasText: FILE }) };
}

/** The 'Lecturas obligatorias' row (a table row, or a card on a phone) of our definition. */
function requirementItem(page: Page) {
  return isPhone(page)
    ? page.getByTestId("read-requirements-cards").getByRole("listitem").filter({ hasText: DEFINITION })
    : page.locator("tbody tr[data-testid^='read-requirement-row-']").filter({ hasText: DEFINITION });
}

/** Opens our read requirement ('Ver') and answers the dialog and our document's card in it. */
async function openRequirement(page: Page) {
  const item = requirementItem(page);
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: `Ver: ${DEFINITION}` }).click();
  const dialog = page.getByRole("dialog", { name: `Lecturas de «${DEFINITION}»` });
  await expect(dialog).toBeVisible();
  const card = dialog.getByTestId("read-requirement-documents").getByRole("listitem").filter({ hasText: FILE });
  await expect(card).toHaveCount(1);
  return { dialog, card };
}

test.describe("read requirements: the colegio requires, the provider reads, the administrator follows", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test.beforeAll(async ({ request }) => {
    const colegio = await apiLogin(request, DEMO.colegio.email);
    definitionId = (
      await colegio.post<{ data: { id: number } }>("/document-require-definitions/add", {
        name: DEFINITION,
        requirement_origin: ADMINISTRATOR,
        requirement_dest: PROVIDER_REQ,
        assocfinca: true,
      })
    ).data.id;
    const administrator = await apiLogin(request, DEMO.administrador.email);
    COMMUNITY.id = (
      await administrator.post<{ data: { id: number } }>("/companies/fincas/add", {
        name: COMMUNITY.name,
        cif: COMMUNITY.cif,
      })
    ).data.id;
    await administrator.post("/companies-providers/addcif", { cif: PROVIDER.cif, id_company: COMMUNITY.id });
    await administrator.upload(
      "/companies/documents/upload-defined-file",
      { id_definition: String(definitionId), id_finca: String(COMMUNITY.id) },
      FILE,
      await makePdf(`Normas de acceso ${tag}`),
    );
  });

  test.afterAll(async ({ request }) => {
    // The definition goes with its document; the community is deleted (softly): the demo world is as before.
    if (definitionId) {
      const colegio = await apiLogin(request, DEMO.colegio.email);
      await colegio.post(`/document-require-definitions/delete/${definitionId}`);
    }
    if (COMMUNITY.id) {
      const administrator = await apiLogin(request, DEMO.administrador.email);
      await administrator.post(`/companies/fincas/delete/${COMMUNITY.id}`);
    }
  });

  let pendingBefore = 0;
  let readBefore: [number, number] = [0, 0];

  test("before: the document is not the provider's to read", async ({ page, request }) => {
    readBefore = await docsToRead(request);
    await page.setViewportSize(DESK);
    await loginAs(page, "gremio");
    const { count, ours } = await providerPendingReads(page);
    pendingBefore = count;
    await expect(ours).toHaveCount(0);
    await logout(page);
  });

  test("the colegio adds the read requirement in 'Lecturas obligatorias' (1366 px), and sees it there on a phone", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESK);
    await loginAs(page, "colegio");
    await openMenu(page, "Definición de documentos");
    await page.getByRole("tab", { name: "Lecturas obligatorias" }).click();
    await expect(page).toHaveURL(/#\/documents\/settings\?tab=lecturas$/);
    await expect(page.getByText("Documentos de lectura obligatoria")).toBeVisible();
    await expect(requirementItem(page)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Añadir", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Añadir lectura obligatoria" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Documento", { exact: true }).fill(tag);
    await page.getByRole("option", { name: DEFINITION }).click();
    await expectAccessible(page, "[role=dialog]");
    await dialog.getByRole("button", { name: "Añadir", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`«${DEFINITION}» es ahora de lectura obligatoria`)).toBeVisible();

    // Its row: who uploads, who reads, the one document.
    const row = requirementItem(page);
    await expect(row).toContainText("Administrador");
    await expect(row).toContainText("Proveedor");
    const { dialog: view, card } = await openRequirement(page);
    await expect(card).toContainText(`Subido por: ${ADMINISTRATOR_NAME}`);
    await expect(card).toContainText(`Comunidad: ${COMMUNITY.name}`);
    await expect(card.getByTestId("read-figure")).toHaveText("Leído por 0 de 1");
    await expectAccessible(page, "[role=dialog]");
    await view.getByRole("button", { name: "Cerrar" }).last().click();

    // The colegio's 'Docs a leer' of the provider: one more to read, none more read.
    expect(await docsToRead(request)).toEqual([readBefore[0], readBefore[1] + 1]);

    // On a phone the list is cards, searched by name.
    await page.setViewportSize(PHONE);
    await page.getByRole("textbox", { name: /Buscar/ }).fill(tag);
    await expect(requirementItem(page)).toHaveCount(1);
    await expect(requirementItem(page)).toContainText("Documentos: 1");
    await expectAccessible(page);
    await logout(page);
  });

  test("the administrator sees 'Leído por 0 de 1' in 'Lecturas de documentos', at 1366 and 375 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESK);
    await loginAs(page, "administrador");
    await openMenu(page, "Lecturas de documentos");
    await expect(page).toHaveURL(/#\/documents\/lecturas$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lecturas de documentos" })).toBeVisible();
    // Read-only: nothing to add or take away.
    await expect(page.getByRole("button", { name: "Añadir", exact: true })).toHaveCount(0);
    await expect(requirementItem(page).getByRole("button", { name: /^Quitar lectura obligatoria/ })).toHaveCount(0);
    await expectAccessible(page);
    const { card, dialog } = await openRequirement(page);
    await expect(card.getByTestId("read-figure")).toHaveText("Leído por 0 de 1");
    await card.getByRole("button", { name: `Ver lectores: ${FILE}` }).click();
    const reader = card.getByTestId("reader");
    await expect(reader).toHaveCount(1);
    await expect(reader).toContainText(PROVIDER.name);
    await expect(reader).toContainText(`Proveedor · ${COMMUNITY.name}`);
    await expect(reader).toContainText("No leído");
    await expectAccessible(page, "[role=dialog]");
    await dialog.getByRole("button", { name: "Cerrar" }).last().click();

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(requirementItem(page)).toHaveCount(1);
    await expectAccessible(page);
    const phone = await openRequirement(page);
    await expect(phone.card.getByTestId("read-figure")).toHaveText("Leído por 0 de 1");
    await expectAccessible(page, "[role=dialog]");
    await page.keyboard.press("Escape");
    await expect(phone.dialog).toBeHidden();
    await logout(page);
  });

  test("the provider has it to read, and marks it read in the community", async ({ page }) => {
    await page.setViewportSize(DESK);
    await loginAs(page, "gremio");
    const { count, ours } = await providerPendingReads(page);
    expect(count).toBe(pendingBefore + 1);
    await expect(ours).toHaveCount(1);
    await page.goto(`./#/comunidades/comunidad/${COMMUNITY.id}/gremio/docs-finca`);
    const row = page.getByTestId("reading-document").filter({ hasText: FILE });
    await row.getByRole("button", { name: /^Marcar como leído/ }).click();
    await expect(row.getByTestId("read-status")).toHaveText("Leído");
    const after = await providerPendingReads(page);
    expect(after.count).toBe(pendingBefore);
    await logout(page);
  });

  test("the administrator then sees 'Leído por 1 de 1' and when", async ({ page }) => {
    await page.setViewportSize(DESK);
    await loginAs(page, "administrador");
    await openMenu(page, "Lecturas de documentos");
    const { card } = await openRequirement(page);
    await expect(card.getByTestId("read-figure")).toHaveText("Leído por 1 de 1");
    await card.getByRole("button", { name: `Ver lectores: ${FILE}` }).click();
    await expect(card.getByTestId("reader")).toContainText(/Leído el \d{2}\/\d{2}\/\d{4}/);
    await page.keyboard.press("Escape");
    await expect(card).toBeHidden();
    await logout(page);
  });

  test("the colegio takes the requirement away ('¿Estás seguro?'), and the provider's reads are as before", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESK);
    await loginAs(page, "colegio");
    await page.goto("./#/documents/settings?tab=lecturas");
    const row = requirementItem(page);
    await row.getByRole("button", { name: `Quitar lectura obligatoria: ${DEFINITION}` }).click();
    const confirm = page.getByRole("dialog", { name: "Quitar lectura obligatoria" });
    await expect(confirm).toContainText("¿Estás seguro?");
    await confirm.getByRole("button", { name: "Quitar", exact: true }).click();
    await expect(page.getByText(`«${DEFINITION}» ya no es de lectura obligatoria`)).toBeVisible();
    await expect(requirementItem(page)).toHaveCount(0);
    expect(await docsToRead(request)).toEqual(readBefore);
    await logout(page);
  });
});
