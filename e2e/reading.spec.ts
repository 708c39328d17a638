import { expect, type Page, test } from "@playwright/test";
import { DEMO, dropFile, expectSoundPage, loginWith, logout, makePdf, openMenu } from "./fixtures";

/*
 * Reading duties (spec 02 §2 'Document viewing for a community', 'Provider-in-community document view'):
 * the colegio defines a notice the administrator gives providers, to be read; the administrator uploads it
 * in its community; the demo provider sees the '!' on 'Documentos de la comunidad', marks it read and the
 * badge goes; the administrator sees it 'Leído' in the provider's view of the community.
 */

/** The demo community and provider (apps/server seed). */
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER = "Ascensores Levante S.L.";
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
const NOTICE = `Aviso de obras en la finca ${tag}`;
const FILE = `aviso-obras-${tag}.pdf`;
/** The demo colegio's LOPD-group definition that providers upload for the administrator (apps/server seed). */
const LOPD_CONTRACT = "Contrato de encargado del tratamiento (LOPD)";

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

const communityRow = (page: Page) => page.locator("tbody tr[data-community-id]").filter({ hasText: COMMUNITY });
const panelMenu = (page: Page) => page.getByRole("navigation", { name: "Menú de la comunidad" });
/** The panel's menu entry, waiting until it is the current one. */
async function openPanel(page: Page, name: string) {
  const link = panelMenu(page).getByRole("link", { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

/** The administrator opens the demo community and, in it, the demo provider's documents. */
async function openProviderInCommunity(page: Page) {
  await communityRow(page).first().click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
  await page.locator("tbody tr").filter({ hasText: PROVIDER }).first().click();
  await expect(page).toHaveURL(/\/proveedores\/\d+$/);
  return page.getByTestId("provider-docs-reading").getByTestId("section-definition").filter({ hasText: NOTICE });
}

test.describe.configure({ mode: "serial" });

test("the colegio defines a notice from the administrator that providers must read", async ({ page }) => {
  await loginAs(page, "colegio");
  await openMenu(page, "Definición de documentos");
  await page.getByRole("tab", { name: "Docs Administradores" }).click();
  await page.getByRole("button", { name: "Añadir" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Nombre del documento").fill(NOTICE);
  await form.getByRole("combobox", { name: "Destino (quién lo recibe)" }).click();
  await page.getByRole("option", { name: "Proveedor", exact: true }).click();
  await form.getByLabel("Documento por comunidad").check();
  await form.getByLabel("Lectura obligatoria por el destinatario").check();
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: NOTICE })).toBeVisible();
});

test("the administrator uploads it in its community; the provider has it unread", async ({ page }) => {
  await loginAs(page, "administrador");
  await communityRow(page).first().click();
  // 'Documentos de proveedores' follows 'Documentos para proveedores' in the administrator's menu.
  const entries = panelMenu(page).getByRole("link");
  await expect(entries.filter({ hasText: /^Documentos para proveedores$/ })).toBeVisible();
  const labels = await entries.allInnerTexts();
  expect(labels.indexOf("Documentos de proveedores")).toBe(labels.indexOf("Documentos para proveedores") + 1);

  await openPanel(page, "Documentos para proveedores");
  const box = page.getByTestId("definition-box").filter({ hasText: NOTICE });
  await dropFile(page, box.getByTestId("upload-area"), FILE, await makePdf(`Aviso ${tag}`));
  await expect(box.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
  await expect(box.getByTestId("document-row")).toContainText(FILE);

  // Its own reading view of the providers' documents opens (what is there depends on other journeys).
  await openPanel(page, "Documentos de proveedores");
  await expect(page.getByRole("heading", { name: "Documentos de proveedores" })).toBeVisible();
  await expect(page.getByTestId("reading-view")).toBeVisible();
  await expect(page.getByTestId("reading-error")).toHaveCount(0);

  // The provider's view in the community: the notice is to be read and not read yet.
  await page
    .getByRole("button", { name: "Volver a comunidades" })
    .or(page.getByRole("link", { name: "Volver a comunidades" }))
    .click();
  const notice = await openProviderInCommunity(page);
  await expect(notice.getByTestId("section-file").filter({ hasText: FILE }).getByTestId("read-status")).toHaveText(
    "No leído",
  );
  await logout(page);
});

test("the provider sees the '!', reads the notice and marks it read; the '!' goes", async ({ page }) => {
  await loginAs(page, "gremio");
  await communityRow(page).first().getByRole("button", { name: "Ver comunidad" }).click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/gremio\/docs-finca$/);
  const entry = panelMenu(page).getByRole("link", { name: "Documentos de la comunidad" });
  await expect(entry.getByTestId("pending-read-badge")).toBeVisible();
  await expect(entry.getByTestId("pending-read-badge")).toHaveText("!");

  const group = page.getByTestId("reading-group").filter({ hasText: NOTICE });
  await expect(group.getByTestId("read-required")).toHaveText("Lectura Obligatoria");
  const row = group.getByTestId("reading-document").filter({ hasText: FILE });
  await expect(row).toContainText("Fincas Centro Administración S.L.");
  await expect(row.getByTestId("expiry-indicator")).toHaveText("Caducidad: no tiene");
  await expect(row.getByTestId("read-status")).toHaveText("No leído");

  // The PDF opens in a new tab through a short-lived link.
  const popupPromise = page.waitForEvent("popup");
  await row.getByRole("button", { name: `Ver ${FILE}` }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
  await popup.close();

  await row.getByRole("button", { name: "Marcar como leído" }).click();
  await expect(row.getByTestId("read-status")).toHaveText("Leído");
  await expect(row.getByRole("button", { name: "Marcar como leído" })).toHaveCount(0);
  // Anything else left to read from the administrator here (other journeys) is read too: then no '!'.
  const unread = page.getByTestId("reading-document").getByRole("button", { name: "Marcar como leído" });
  while ((await unread.count()) > 0) {
    const before = await unread.count();
    await unread.first().click();
    await expect(unread).toHaveCount(before - 1);
  }
  await expect(entry.getByTestId("pending-read-badge")).toHaveCount(0);

  // The mark stays.
  await page.reload();
  await expect(page.getByTestId("reading-document").filter({ hasText: FILE }).getByTestId("read-status")).toHaveText(
    "Leído",
  );
  await expect(entry.getByTestId("pending-read-badge")).toHaveCount(0);
  await logout(page);
});

test("the administrator sees the notice read in the provider's view of the community", async ({ page }) => {
  await loginAs(page, "administrador");
  const notice = await openProviderInCommunity(page);
  const file = notice.getByTestId("section-file").filter({ hasText: FILE });
  await expect(file.getByTestId("read-status")).toHaveText("Leído");
  await expect(file.getByRole("button", { name: `Abrir ${FILE}` })).toBeVisible();
  await expect(page.getByTestId("provider-docs-for-providers")).toBeVisible();
  await expect(page.getByTestId("provider-docs-for-administrator")).toBeVisible();
});

for (const size of [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
]) {
  const where = `${size.width} px`;
  test(`the administrator's document views of the community, at ${where}`, async ({ page }) => {
    // Three views, each checked with axe.
    test.slow();
    await loginAs(page, "administrador");
    await communityRow(page).first().click();
    await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
    // The communities list is a table at 1366 px (`communityRow`): the width changes once in the panel.
    await page.setViewportSize(size);
    // The menu names them after its providers' documents: those for the administrator, then every one.
    const labels = await panelMenu(page).getByRole("link").allInnerTexts();
    const at = (label: string) => labels.indexOf(label);
    expect(at("Documentos de proveedores")).toBeGreaterThan(-1);
    expect(at("Documentos para el administrador")).toBe(at("Documentos de proveedores") + 1);
    expect(at("Documentos de la comunidad")).toBe(at("Documentos para el administrador") + 1);
    // The demo colegio defines the providers' LOPD contract, and the demo has the feature lopd.
    expect(at("LOPD")).toBeGreaterThan(-1);

    // Every document that counts there: the notice it uploaded, with its file, size and uploader, to open.
    await openPanel(page, "Documentos de la comunidad");
    await expect(page.getByRole("heading", { name: "Documentos de la comunidad" })).toBeVisible();
    const notice = page.getByTestId("definition-box").filter({ hasText: NOTICE });
    const row = notice.getByTestId("document-row").filter({ hasText: FILE });
    await expect(row).toContainText(/\d+(,\d+)? kB · Fincas Centro Administración S\.L\./);
    await expect(row.getByRole("button", { name: "Ver documento" })).toBeVisible();
    await expect(page.getByTestId("definition-box").filter({ hasText: LOPD_CONTRACT })).toBeVisible();
    await expectSoundPage(page, `documentos, ${where}`);

    // Only what goes to the administrator: the providers' LOPD contract, not the notice it gives providers.
    await openPanel(page, "Documentos para el administrador");
    await expect(page.getByRole("heading", { name: "Documentos para el administrador" })).toBeVisible();
    await expect(page.getByTestId("definition-box").filter({ hasText: LOPD_CONTRACT })).toBeVisible();
    await expect(page.getByTestId("definition-box").filter({ hasText: NOTICE })).toHaveCount(0);
    await expectSoundPage(page, `documentosadmin, ${where}`);

    // LOPD: its own LOPD uploads (none defined in the demo) and the providers' LOPD documents.
    await openPanel(page, "LOPD");
    await expect(page.getByRole("heading", { name: "LOPD", exact: true })).toBeVisible();
    await expect(page.getByTestId("lopd-own").getByTestId("no-docs")).toHaveText(
      "No hay documentos LOPD que subir en esta comunidad.",
    );
    const providersLopd = page.getByTestId("lopd-providers").getByTestId("definition-box");
    await expect(providersLopd.filter({ hasText: LOPD_CONTRACT })).toBeVisible();
    await expect(providersLopd.filter({ hasText: NOTICE })).toHaveCount(0);
    await expectSoundPage(page, `lopd, ${where}`);
  });
}
