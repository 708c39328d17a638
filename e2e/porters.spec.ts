import { expect, type Page, test } from "@playwright/test";
import {
  completePorterSignUp,
  DEMO,
  ddmmyyyy,
  dropFile,
  expectAccessible,
  expectWordsByKeyboard,
  loginWith,
  logout,
  mailLink,
  makePdf,
  NEW_PASSWORD,
  openMenu,
  openPicker,
  pickDay,
  setPassword,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

/*
 * Porters (issue 19; spec 02 §2 'Porter management per community', 'Porter's own view', §4 'Porter
 * registration'): the administrator adds a porter to the demo community by invitation and gives porters its
 * safety instructions; the porter signs up from the mail, reads them, uploads its training certificate with
 * its expiry date and, on a phone, records that the demo provider has arrived; the administrator sees the
 * porter's lights go green and the arrival in the provider's view of the community.
 */

/** The demo community, provider and porter definitions (apps/server seed). */
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER = "Ascensores Levante S.L.";
const INSTRUCTIONS = "Instrucciones de seguridad para el portero";
const TRAINING = "Formación en prevención del portero";
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
const PORTER = uniqueEmail(`portero-${tag}`);
const INSTRUCTIONS_FILE = `instrucciones-${tag}.pdf`;
const TRAINING_FILE = `formacion-${tag}.pdf`;

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

const panelMenu = (page: Page) => page.getByRole("navigation", { name: "Menú de la comunidad" });
async function openPanel(page: Page, name: string) {
  const link = panelMenu(page).getByRole("link", { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}
async function openCommunity(page: Page) {
  await page.locator("tbody tr[data-community-id]").filter({ hasText: COMMUNITY }).first().click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
}
/** The porter opens the demo community from its own list. */
async function openOwnCommunity(page: Page) {
  await page
    .getByRole("button", { name: `Abrir ${COMMUNITY}` })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/porteros\/comunidades\/\d+/);
  await expect(page.getByTestId("porter-panel")).toBeVisible();
}
/**
 * Nothing on the page is wider than the screen: a phone never scrolls sideways (polled: a screen just made
 * narrow still slides its side menu away).
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

test.describe.configure({ mode: "serial" });

test("the administrator invites a porter from the porters card and gives porters its instructions", async ({
  page,
}) => {
  await loginAs(page, "administrador");
  await openCommunity(page);
  await openPanel(page, "Porteros");
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir Portero" });
  // Every dialog's close button has a name (theme default), also while the dialog fades out.
  await expect(dialog.getByRole("button", { name: "Cerrar ventana" })).toBeVisible();
  await dialog.getByLabel("E-mail del portero").fill("no-es-un-email");
  await dialog.getByRole("button", { name: "Añadir" }).click();
  await expect(dialog.getByText("El e-mail no es válido")).toBeVisible();

  // Nobody has that e-mail yet: the form offers an invitation (or to retry).
  await dialog.getByLabel("E-mail del portero").fill(PORTER);
  await dialog.getByRole("button", { name: "Añadir" }).click();
  const offer = dialog.getByTestId("porter-invite-offer");
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("button", { name: "Reintentar" })).toBeVisible();
  await offer.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("Registro / Invitación realizada correctamente")).toBeVisible();
  await expectAccessible(page);

  // 'Docs porteros': the administrator's instructions for the porters of this community.
  await openPanel(page, "Docs porteros");
  const box = page.getByTestId("documents-for-porters").getByTestId("definition-box").filter({ hasText: INSTRUCTIONS });
  await dropFile(page, box.getByTestId("upload-area"), INSTRUCTIONS_FILE, await makePdf(`Instrucciones ${tag}`));
  await expect(box.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
  await expect(box.getByTestId("document-row")).toContainText(INSTRUCTIONS_FILE);
  await logout(page);
});

test("the porter signs up from the mail and finds its community", async ({ page }) => {
  const [mail] = await waitForMail(PORTER);
  await page.goto(mailLink(mail!));
  await setPassword(page);
  await completePorterSignUp(page);
  await loginWith(page, PORTER, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/porteros\/comunidades\/main$/);
  await expect(page.getByRole("heading", { name: "Mis comunidades" }).first()).toBeVisible();
  await expect(page.getByTestId("own-communities")).toContainText(COMMUNITY);
  await logout(page);
});

test("the lights of the new porter name, by keyboard, what it lacks: porters card, summary, its communities, its own list", async ({
  page,
}) => {
  // Four screens, two users and two widths in one journey.
  test.slow();
  // It has neither read the instructions nor uploaded its training certificate yet.
  const lack = { upload: [`${TRAINING}`], read: [`${INSTRUCTIONS} (${INSTRUCTIONS_FILE})`] };
  await loginAs(page, "administrador");
  await openCommunity(page);
  await openPanel(page, "Porteros");
  const row = page.locator("tr[data-porter-id]").filter({ hasText: PORTER });
  await expectWordsByKeyboard(page, row.locator("[data-column=uploaded] [data-light]"), [
    "Documentos subidos: 0 de",
    ...lack.upload,
  ]);
  await expectWordsByKeyboard(page, row.locator("[data-column=read] [data-light]"), [
    "Documentos leídos: 0 de",
    "por leer:",
    ...lack.read,
  ]);

  // The doormen summary: over the administrator's communities, each read with its community.
  await openMenu(page, "Porteros");
  await page.getByRole("textbox", { name: /Buscar/ }).fill(PORTER);
  const summary = page.locator("tr[data-porter-id]").filter({ hasText: PORTER });
  await expect(summary).toHaveCount(1);
  await expectWordsByKeyboard(page, summary.locator("[data-column=upload] [data-light]"), lack.upload);
  await expectWordsByKeyboard(page, summary.locator("[data-column=read] [data-light]"), [
    `${lack.read[0]} en ${COMMUNITY}`,
  ]);

  // On a phone the summary is compact cards that fit; that porter's communities too, their lights
  // reachable by keyboard.
  await page.setViewportSize({ width: 375, height: 812 });
  const summaryCard = page.getByTestId("porter-summary-cards").getByRole("listitem").filter({ hasText: PORTER });
  await expect(summaryCard).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await summaryCard.getByRole("button", { name: /^Ver las comunidades de / }).click();
  await expect(page).toHaveURL(/#\/admin-fincas\/porteros\/\d+$/);
  const card = page.getByTestId("porter-fincas-cards").getByRole("listitem").filter({ hasText: COMMUNITY });
  await expect(card).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectWordsByKeyboard(page, card.locator("[data-column=upload] [data-light]"), lack.upload);
  await expectWordsByKeyboard(page, card.locator("[data-column=read] [data-light]"), lack.read);
  await expectAccessible(page);
  await logout(page);

  // The porter's own communities, on a phone.
  await loginWith(page, PORTER, NEW_PASSWORD);
  const own = page.getByTestId("own-communities-cards").getByRole("listitem").filter({ hasText: COMMUNITY });
  await expect(own).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  const ownLights = own.locator("[data-light]");
  await expect(ownLights).toHaveCount(2);
  await expectWordsByKeyboard(page, ownLights.first(), lack.upload);
  await expectWordsByKeyboard(page, ownLights.last(), lack.read);
  await logout(page);
});

test("the porter reads the instructions and uploads its training certificate with its expiry date", async ({
  page,
}) => {
  await page.goto("./#/login");
  await loginWith(page, PORTER, NEW_PASSWORD);
  await openOwnCommunity(page);

  // 'Documentos': the administrator's instructions, to be read.
  const documentsTab = page.getByRole("tab", { name: /Documentos/ });
  await expect(documentsTab).toHaveAttribute("aria-selected", "true");
  await expect(documentsTab.getByTestId("pending-read-badge")).toBeVisible();
  const row = page.getByTestId("reading-document").filter({ hasText: INSTRUCTIONS_FILE });
  await expect(row.getByTestId("read-status")).toHaveText("No leído");
  await row.getByRole("button", { name: `Marcar como leído ${INSTRUCTIONS_FILE}` }).click();
  await expect(row.getByTestId("read-status")).toHaveText("Leído");
  await expect(documentsTab.getByTestId("pending-read-badge")).toHaveCount(0);
  await expectAccessible(page);

  // 'Subir': the training certificate, whose expiry date is required.
  await page.getByRole("tab", { name: "Subir" }).click();
  const box = page.getByTestId("definition-box").filter({ hasText: TRAINING });
  await dropFile(page, box.getByTestId("upload-area"), TRAINING_FILE, await makePdf(`Formación ${tag}`));
  const dialog = page.getByRole("dialog", { name: "Editar documento" });
  await expect(dialog).toContainText("Fecha de caducidad obligatoria");
  await expect(dialog.getByRole("button", { name: "Guardar" })).toBeDisabled();
  await openPicker(page, dialog.getByRole("button", { name: "Fecha de caducidad", exact: true }));
  await pickDay(page, 3, 10);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();
  const expected = new Date();
  expected.setDate(1);
  expected.setMonth(expected.getMonth() + 3);
  expected.setDate(10);
  const uploaded = box.getByTestId("document-row").filter({ hasText: TRAINING_FILE });
  await expect(uploaded.getByTestId("expiry-indicator")).toHaveText(`Caducidad: ${ddmmyyyy(expected)}`);

  // Its reload keeps the tab.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Subir" })).toHaveAttribute("aria-selected", "true");
  await logout(page);
});

test("on a phone, the porter's panel fits and it records that the provider has arrived", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("./#/login");
  await loginWith(page, PORTER, NEW_PASSWORD);
  const cards = page.getByTestId("own-communities-cards");
  await expect(cards).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Its community as a card, with both duties met (this journey's own porter: the same every run).
  await expect(cards).toHaveScreenshot("mis-comunidades-375.png");
  await expectAccessible(page);
  await openOwnCommunity(page);
  await expect(page.getByTestId("reading-document")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  // The panel: name, 'Cerrar', '¿Quién viene hoy?', the five tabs and the document's group (the document
  // itself, whose name and date change with the run, is masked).
  await expect(page.getByTestId("porter-panel")).toHaveScreenshot("panel-portero-375.png", {
    mask: [page.getByTestId("reading-document")],
  });
  await expectAccessible(page);

  await page.getByTestId("porter-arrivals-link").click();
  await expect(page).toHaveURL(/\/llegadas$/);
  const search = page.getByLabel("Nombre o NIF/CIF del proveedor");
  // The page's frame (who the providers are depends on the other journeys): nobody matches this search.
  await search.fill(`nadie-${tag}`);
  await expect(page.getByText("Ningún proveedor coincide con la búsqueda")).toBeVisible();
  await expect(page.getByTestId("arrivals-page")).toHaveScreenshot("llegadas-375.png", {
    mask: [search],
  });

  await search.fill("Ascensores");
  const card = page.getByTestId("arrival-provider").filter({ hasText: PROVIDER });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("arrival-verdict")).toHaveText(/En regla|Le falta documentación/);
  await expectNoSidewaysScroll(page);
  const arrived = card.getByRole("button", { name: `Registrar que ${PROVIDER} ha llegado` });
  const box = await arrived.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  await arrived.click();
  await expect(page.getByTestId("arrival-notice")).toContainText(PROVIDER);
  await expect(card.getByTestId("arrival-last")).toContainText("Última llegada:");
  await expectAccessible(page);
  await logout(page);
});

test("the administrator sees the porter's lights green and the arrival in the provider's view", async ({ page }) => {
  await loginAs(page, "administrador");
  await openCommunity(page);
  await openPanel(page, "Porteros");
  const row = page.locator("tr[data-porter-id]").filter({ hasText: PORTER });
  await expect(row.locator("[data-column=uploaded] [data-light]")).toHaveAttribute("data-light", "ok");
  await expect(row.locator("[data-column=read] [data-light]")).toHaveAttribute("data-light", "ok");

  await openPanel(page, "Proveedores");
  await page.locator("tbody tr").filter({ hasText: PROVIDER }).first().click();
  await expect(page).toHaveURL(/\/proveedores\/\d+$/);
  const arrival = page.getByTestId("provider-arrivals").getByTestId("arrival").filter({ hasText: PORTER });
  await expect(arrival).toHaveCount(1);
  await expectAccessible(page);

  // The doormen summary lists the porter with its community.
  await openMenu(page, "Porteros");
  await expect(page).toHaveURL(/#\/admin-fincas\/porteros\/-1/);
  await expect(page.getByTestId("porter-summary-count")).toBeVisible();
  await page.getByRole("textbox", { name: /Buscar/ }).fill(PORTER);
  await expect(page.locator("[data-porter-id]").filter({ hasText: PORTER })).toContainText(COMMUNITY);
  await expectAccessible(page);
  await logout(page);
});
