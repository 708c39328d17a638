import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, dropFile, loginWith, logout, makePdf, openMenu } from "./fixtures";

/*
 * Lists fit the screen (issue 21 item 2; DESIGN §7 'Every screen, two widths'): the five busiest lists, at
 * 1366×768 and at 375×812. On a desktop every column shows, the row's actions too, with no scroll hiding
 * them; on a phone each row is a compact card (name, lights with their figures, main action, the rest in
 * '…') and nothing scrolls sideways. Each list is searched down to a demo row (the other journeys add rows
 * of their own); what they may change (lights, counts, porters, dates) is masked in the screenshots.
 */

const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER = "Ascensores Levante S.L.";

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.setViewportSize(DESKTOP);
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

/**
 * Neither the page nor any scrolling box in it (a table's scroll container) is wider than what it shows,
 * once the layout has settled (the side menu slides away when the window narrows).
 */
async function expectNothingScrollsSideways(page: Page) {
  const overflowing = () =>
    page.evaluate(() => {
      const found: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) found.push("page");
      for (const element of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
        const style = getComputedStyle(element);
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        if (scrolls && element.scrollWidth > element.clientWidth + 1) found.push(element.className || element.tagName);
      }
      return found;
    });
  await expect.poll(overflowing).toEqual([]);
}

/** The button comes on screen whole by scrolling down, never sideways: its right edge within the window. */
async function expectReachable(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function search(page: Page, text: string) {
  await page.getByRole("main").getByRole("textbox", { name: "Buscar" }).fill(text);
}

interface ListCheck {
  /** the screenshots' base name */
  name: string;
  /** a row's (desktop) or card's (phone) main action, and on a phone its '…' menu when it has one */
  rowAction: (page: Page) => Locator;
  more?: (page: Page) => Locator;
  /** the cards' list on a phone */
  cards: string;
  /** the parts other journeys change: lights and their figures, counts, dates, porters */
  mask: (page: Page) => Locator[];
  /** what the screenshots take: the page's main area unless said otherwise */
  shot?: (page: Page) => Locator;
}

const LIGHTS = (page: Page) => [page.locator("td:has([data-light])"), page.getByTestId("item-lights")];

/** A list's card, by its title, without what the page shows above or beside it. */
const listCard = (page: Page, title: string) =>
  page.locator(".mantine-Card-root").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The list at both widths: nothing scrolls sideways, its actions show, and it looks as it did. */
async function checkBothWidths(page: Page, list: ListCheck) {
  const main = list.shot?.(page) ?? page.getByRole("main");
  await expect(list.rowAction(page).first()).toBeVisible();
  await expectNothingScrollsSideways(page);
  await expectReachable(page, list.rowAction(page).first());
  await expect(main).toHaveScreenshot(`${list.name}-1366.png`, { mask: list.mask(page) });

  await page.setViewportSize(PHONE);
  const cards = page.getByTestId(list.cards);
  await expect(cards).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNothingScrollsSideways(page);
  await expectReachable(page, list.rowAction(page).first());
  if (list.more) await expectReachable(page, list.more(page).first());
  await expect(main).toHaveScreenshot(`${list.name}-375.png`, { mask: list.mask(page) });
}

test("the colegio's providers: every column and the actions at 1366, a card per provider at 375", async ({ page }) => {
  await loginAs(page, "colegio");
  await page.goto("./#/admin/proveedor");
  await search(page, "Ascensores Levante");
  await expect(page.locator("[data-company-id]")).toHaveCount(1);
  await checkBothWidths(page, {
    name: "proveedores-colegio",
    rowAction: (p) => p.getByRole("main").getByRole("button", { name: "Seleccionar" }),
    more: (p) => p.getByRole("button", { name: `Más acciones: ${PROVIDER}` }),
    cards: "companies-cards",
    // Its activities and the communities it serves are other journeys' to change.
    mask: (p) => [
      ...LIGHTS(p),
      p.getByText(/Alta: \d/),
      p.locator("[data-company-id] td:nth-child(4)"),
      p.locator("[data-company-id] td:nth-child(9)"),
    ],
    // The list's card only: the requests to join the colegio above it are another journey's.
    shot: (p) => listCard(p, "Proveedores"),
  });
  // The menu holds the other actions.
  await page.getByRole("button", { name: `Más acciones: ${PROVIDER}` }).click();
  for (const action of ["Editar", "Abrir carpeta", "Desactivar"])
    await expect(page.getByRole("menuitem", { name: action })).toBeVisible();
});

test("the administrator's communities at both widths", async ({ page }) => {
  await loginAs(page, "administrador");
  await search(page, "Calle Mayor 10");
  await expect(page.locator("[data-community-id]")).toHaveCount(1);
  await checkBothWidths(page, {
    name: "comunidades-administrador",
    rowAction: (p) => p.getByRole("main").getByRole("button", { name: "Ver comunidad" }),
    more: (p) => p.getByRole("button", { name: `Más acciones: ${COMMUNITY}` }),
    cards: "communities-cards",
    mask: (p) => [...LIGHTS(p), p.locator('td[data-column="providers"]'), p.getByText(/Proveedores: \d/)],
  });
});

test("the providers of a community at both widths", async ({ page }) => {
  await loginAs(page, "administrador");
  await page.locator("tbody tr[data-community-id]").filter({ hasText: COMMUNITY }).first().click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
  await search(page, "Ascensores Levante");
  await expect(page.locator("[data-provider-id]")).toHaveCount(1);
  await checkBothWidths(page, {
    name: "proveedores-comunidad",
    rowAction: (p) => p.getByRole("button", { name: `Ver documentos de ${PROVIDER}` }),
    more: (p) => p.getByRole("button", { name: `Más acciones: ${PROVIDER}` }),
    cards: "community-providers-cards",
    mask: (p) => LIGHTS(p),
    // The list's card only: the community's data beside it is another journey's to edit.
    shot: (p) => listCard(p, "Proveedores"),
  });
});

test("a light's words stay open while the pointer moves onto them, and a click on them opens no row", async ({
  page,
}) => {
  await loginAs(page, "administrador");
  await page.locator("tbody tr[data-community-id]").filter({ hasText: COMMUNITY }).first().click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
  const address = page.url();
  await search(page, "Ascensores Levante");
  const light = page.locator("[data-provider-id] [data-light]").first();
  await light.hover();
  const words = page.getByRole("tooltip");
  await expect(words).toBeVisible();
  // WCAG 1.4.13: the pointer travels from the dot up onto its words, which stay
  const box = (await words.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await expect(words).toBeVisible();
  await words.click();
  await expect(words).toBeVisible();
  expect(page.url()).toBe(address);
});

test("the provider's communities at both widths", async ({ page }) => {
  await loginAs(page, "gremio");
  await search(page, "Calle Mayor 10");
  await expect(page.locator("[data-community-id]")).toHaveCount(1);
  await checkBothWidths(page, {
    name: "comunidades-proveedor",
    rowAction: (p) => p.getByRole("main").getByRole("button", { name: "Ver comunidad" }),
    cards: "provider-communities-cards",
    // Its porters (another journey adds one) and what it still has to do, above the list.
    mask: (p) => [
      p.locator("[data-community-id] td:nth-child(4)"),
      p.getByText(/^Porteros: /),
      p.locator('[data-testid^="pending-summary"]'),
    ],
  });
});

test("'Validar documentos' at both widths, with a document waiting", async ({ page }) => {
  // The colegio asks its providers for a document it validates (not mandatory: no light elsewhere changes)…
  // Its name is the same every run (a fresh data dir each): with a tag, its column's width would vary.
  const definition = "Póliza para validar";
  await loginAs(page, "colegio");
  await openMenu(page, "Definición de documentos");
  await page.getByRole("tab", { name: "Docs Proveedores" }).click();
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Añadir documento" });
  await form.getByLabel("Nombre del documento").fill(definition);
  await form.getByLabel("Requiere validación del colegio", { exact: true }).check();
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();
  await logout(page);

  // …the demo provider uploads it…
  await loginAs(page, "gremio");
  await openMenu(page, "Documentos generales");
  const box = page.getByTestId("definition-box").filter({ hasText: definition });
  await dropFile(page, box.getByTestId("upload-area"), "poliza-validar.pdf", await makePdf("Póliza para validar"));
  await expect(box.getByTestId("document-row")).toContainText("poliza-validar.pdf");
  await logout(page);

  // …and it waits in the colegio's list: its row with its actions at 1366, its card at 375.
  await loginAs(page, "colegio");
  await openMenu(page, "Validar documentos");
  const main = page.getByRole("main");
  await search(page, definition);
  const row = page.getByTestId("pending-validation-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("poliza-validar.pdf");
  // What changes from run to run: the upload's date.
  const mask = [main.getByText(/\d{2}\/\d{2}\/\d{4}/)];
  await expectNothingScrollsSideways(page);
  await expectReachable(page, row.getByText("Pendiente de validar"));
  await expectReachable(page, row.getByRole("button", { name: "Ver documento" }));
  await expect(main).toHaveScreenshot("validar-documentos-1366.png", { mask });

  await page.setViewportSize(PHONE);
  const card = page.getByTestId("pending-validation-card");
  await expect(card).toHaveCount(1);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNothingScrollsSideways(page);
  await expectReachable(page, card.getByText("Pendiente de validar"));
  await expectReachable(page, card.getByRole("button", { name: "Ver documento" }));
  await expect(main).toHaveScreenshot("validar-documentos-375.png", { mask });

  // Validated, it waits no more: the other journeys find the demo provider as they left it.
  await card.getByRole("switch").click({ force: true });
  await expect(card.getByRole("switch")).toBeChecked();
});
