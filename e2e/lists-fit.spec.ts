import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiAs, DEMO, dropFile, loginWith, logout, makePdf, openMenu, uniqueEmail } from "./fixtures";

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
    rowAction: (p) => p.getByRole("main").getByRole("button", { name: `Seleccionar: ${PROVIDER}`, exact: true }),
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
    rowAction: (p) => p.getByRole("main").getByRole("button", { name: `Ver comunidad: ${COMMUNITY}`, exact: true }),
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
    rowAction: (p) => p.getByRole("main").getByRole("button", { name: `Ver comunidad: ${COMMUNITY}`, exact: true }),
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

/*
 * Every list of every role on a phone (issue 21 item 2: one shared compact card, used by every list). Each
 * list below is opened at 375×812 as its role sees it: its rows are cards (role listitem) in a list and no
 * table shows, nothing scrolls sideways, every card lies within the screen, and the card of a row the demo
 * (or the test) made shows its name and its main action, in reach. A list that shows no card fails. The
 * dialogs with a list or a table in them are checked the same way.
 */

interface PhoneList {
  /** what the list is, for the failure messages */
  what: string;
  /** opens it (the viewport is a phone's already) */
  open: (page: Page) => Promise<void>;
  /** the cards' list test id */
  cards: string;
  /** a row the list shows: its card's name, exactly */
  name: string;
  /** typed in the list's search first, when the row may be past the first page */
  search?: string;
  /** that card's main action (a button's accessible name); none for a list that only shows */
  action?: string | RegExp;
}

/** The id a card of the list carries in `attribute`, of the card named `name`. */
async function idOfCard(page: Page, cards: string, name: string, attribute: string): Promise<string> {
  const card = page
    .getByTestId(cards)
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(card).toHaveCount(1);
  const id = await card.getAttribute(attribute);
  expect(id, `${attribute} of ${name}`).toMatch(/^\d+$/);
  return id!;
}

/** Goes to an address of the app and waits until it is there. */
async function go(page: Page, path: string) {
  await page.goto(`./#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** The box lies within the screen's width (it may be below the fold: the page scrolls down, never sideways). */
async function expectWithinWidth(page: Page, box: Locator, what: string) {
  const bounds = await box.boundingBox();
  expect(bounds, what).not.toBeNull();
  expect(bounds!.x, what).toBeGreaterThanOrEqual(0);
  expect(bounds!.x + bounds!.width, what).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The cards of `list` (within `scope`, the page's main area or a dialog) as a phone must show them. */
async function expectCards(page: Page, scope: Locator, list: PhoneList) {
  const cardsList = scope.getByTestId(list.cards);
  await expect(cardsList, list.what).toBeVisible();
  const cards = cardsList.getByRole("listitem");
  if (list.search) await scope.getByRole("textbox", { name: "Buscar" }).fill(list.search);
  const named = cards.filter({ has: page.getByText(list.name, { exact: true }) });
  await expect(named, `${list.what}: the card of ${list.name}`).toHaveCount(1);
  await expect(scope.getByRole("table"), `${list.what}: no table on a phone`).toHaveCount(0);
  // Every card within the screen's width, read at once (the list may still be redrawn as its answer comes).
  const outside = () =>
    cardsList.evaluate((element) => {
      const items = Array.from(element.querySelectorAll('[role="listitem"]'));
      if (items.length === 0) return ["no card"];
      return items
        .filter((item) => {
          const box = item.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        })
        .map((item) => item.textContent ?? "");
    });
  await expect.poll(outside, `${list.what}: cards past the screen's edge`).toEqual([]);
  if (list.action) await expectReachable(page, named.getByRole("button", { name: list.action, exact: true }));
}

/** Opens each list at 375 and checks its cards, the page not scrolling sideways. */
async function checkPhoneLists(page: Page, lists: PhoneList[]) {
  expect(lists.length).toBeGreaterThan(0);
  await page.setViewportSize(PHONE);
  for (const list of lists) {
    await list.open(page);
    await expectCards(page, page.getByRole("main"), list);
    await expectNothingScrollsSideways(page);
  }
}

/** Neither the page nor anything in the dialog scrolls sideways, and the dialog lies within the screen. */
async function expectDialogFits(dialog: Locator) {
  const overflowing = () =>
    dialog.evaluate((root) => {
      const found: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) found.push("page");
      const box = root.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) found.push("dialog");
      for (const element of [root, ...Array.from(root.querySelectorAll<HTMLElement>("*"))]) {
        const style = getComputedStyle(element);
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        if (scrolls && element.scrollWidth > element.clientWidth + 1) found.push(element.className || element.tagName);
      }
      return found;
    });
  await expect.poll(overflowing).toEqual([]);
}

/** Sends an invitation to a colleague (or, for the master, to a new colegio); nobody answers it, so it stays open. */
async function inviteSomeone(page: Page, master = false): Promise<string> {
  const email = uniqueEmail(master ? "tarjeta-colegio" : "tarjeta");
  const post = await apiAs(page);
  if (master) await post("/companies/master/invite", { email, name: `Colegio de prueba ${email}` });
  else await post("/companies/companies/invite", { action: "create-company-user", email });
  return email;
}

const invitationsList = (email: string): PhoneList => ({
  what: "Invitaciones",
  open: (p) => go(p, "/invitations"),
  cards: "invitations-cards",
  name: email,
  search: email,
  action: `Reenviar: ${email}`,
});

const usersList = (email: string): PhoneList => ({
  what: "Usuarios",
  open: (p) => go(p, "/users"),
  cards: "users-cards",
  name: email,
});

const providersByActivity: PhoneList = {
  what: "Proveedores por actividad",
  open: (p) => go(p, "/provee-actividades"),
  cards: "provider-activities-cards",
  name: PROVIDER,
  search: "Ascensores Levante",
};

test("every list of the master is a card per row on a phone", async ({ page }) => {
  await loginAs(page, "master");
  const email = await inviteSomeone(page, true);
  const colegio = "Colegio de Administradores de Fincas de Madrid";
  await checkPhoneLists(page, [
    {
      what: "Colegios",
      open: (p) => go(p, "/master/colegios"),
      cards: "master-colegios-cards",
      name: colegio,
      search: "Fincas de Madrid",
      action: new RegExp(`^(Activar|Desactivar): ${colegio}$`),
    },
    invitationsList(email),
  ]);
});

const ADMINISTRATOR = "Fincas Centro Administración S.L.";
const DEFINITION = "Evaluación de riesgos laborales";

test("the colegio's members and their users and communities are a card per row on a phone", async ({ page }) => {
  await loginAs(page, "colegio");
  let providerId = "";
  await checkPhoneLists(page, [
    {
      what: "Administradores de fincas",
      open: (p) => go(p, "/admin/administradores"),
      cards: "companies-cards",
      name: ADMINISTRATOR,
      search: "Fincas Centro",
      action: `Seleccionar: ${ADMINISTRATOR}`,
    },
    {
      what: "Usuarios de un administrador",
      open: async (p) => {
        const id = await idOfCard(p, "companies-cards", ADMINISTRATOR, "data-company-id");
        await go(p, `/admin/administradores/${id}/users`);
      },
      cards: "users-cards",
      name: DEMO.administrador.email,
    },
    {
      what: "Proveedores",
      open: (p) => go(p, "/admin/proveedor"),
      cards: "companies-cards",
      name: PROVIDER,
      search: "Ascensores Levante",
      action: `Seleccionar: ${PROVIDER}`,
    },
    {
      what: "Usuarios de un proveedor",
      open: async (p) => {
        providerId = await idOfCard(p, "companies-cards", PROVIDER, "data-company-id");
        await go(p, `/admin/proveedor/${providerId}/users/${providerId}`);
      },
      cards: "users-cards",
      name: DEMO.gremio.email,
    },
    {
      what: "Comunidades de un proveedor",
      open: (p) => go(p, `/admin/proveedor/${providerId}/comunidades/${providerId}`),
      cards: "provider-fincas-cards",
      name: COMMUNITY,
      action: `Ver documentos de ${COMMUNITY}`,
    },
  ]);
});

test("the colegio's other lists are a card per row on a phone", async ({ page }) => {
  await loginAs(page, "colegio");
  const email = await inviteSomeone(page);
  await checkPhoneLists(page, [
    {
      what: "Actividades",
      open: (p) => go(p, "/admin/actividades"),
      cards: "activities-cards",
      name: "Ascensores",
      search: "Ascensores",
      action: "Borrar actividad: Ascensores",
    },
    providersByActivity,
    {
      what: "Definición de documentos",
      open: async (p) => {
        await go(p, "/documents/settings");
        await p.getByRole("tab", { name: "Docs Proveedores" }).click();
      },
      cards: "definitions-cards",
      name: DEFINITION,
      search: DEFINITION,
      action: `Plantillas: ${DEFINITION}`,
    },
    invitationsList(email),
    usersList(DEMO.colegio.email),
  ]);
});

test("a definition's templates are cards in a dialog that fits a phone", async ({ page }) => {
  // A card per template, its view and download in reach, delete in its menu (the template is deleted again: the
  // definitions' counts stay as the demo has them).
  await loginAs(page, "colegio");
  await page.setViewportSize(PHONE);
  await go(page, "/documents/settings");
  await page.getByRole("tab", { name: "Docs Proveedores" }).click();
  await search(page, DEFINITION);
  await page.getByRole("button", { name: `Plantillas: ${DEFINITION}` }).click();
  const templates = page.getByRole("dialog", { name: `Plantillas de «${DEFINITION}»` });
  const file = "modelo-de-evaluacion-de-riesgos-laborales-para-la-comunidad.pdf";
  await dropFile(page, templates.getByTestId("upload-area"), file, await makePdf("Modelo"));
  const template = templates
    .getByTestId("templates-list")
    .getByRole("listitem")
    .filter({ has: page.getByText(file, { exact: true }) });
  await expect(template).toHaveCount(1);
  await expectDialogFits(templates);
  await expectReachable(page, template.getByRole("button", { name: `Ver plantilla: ${file}` }));
  await expectReachable(page, template.getByRole("button", { name: `Descargar plantilla: ${file}` }));
  await template.getByRole("button", { name: `Más acciones: ${file}` }).click();
  await page.getByRole("menuitem", { name: "Borrar plantilla" }).click();
  await page.getByRole("dialog", { name: "Borrar plantilla" }).getByRole("button", { name: "Borrar" }).click();
  await expect(template).toHaveCount(0);
  await templates.getByRole("button", { name: "Cerrar", exact: true }).last().click();
  await expect(templates).toBeHidden();
});

test("the company editor's activities and buttons fit a phone", async ({ page }) => {
  await loginAs(page, "colegio");
  await page.setViewportSize(PHONE);
  await go(page, "/admin/proveedor");
  await search(page, "Ascensores Levante");
  await page.getByRole("button", { name: `Más acciones: ${PROVIDER}` }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  const editor = page.getByRole("dialog", { name: "Editar compañía" });
  const activities = editor.getByRole("table", { name: "Actividades" });
  await expect(activities.getByRole("cell", { name: "Ascensores", exact: true })).toBeVisible();
  await expectDialogFits(editor);
  await expectWithinWidth(page, activities, "the activities' table");
  await expectReachable(page, editor.getByRole("button", { name: "Quitar Ascensores" }));
  await expectReachable(page, editor.getByRole("button", { name: "Guardar" }));
  await expectReachable(page, editor.getByRole("button", { name: "Cancelar" }));
  await editor.getByRole("button", { name: "Cancelar" }).click();
  await expect(editor).toBeHidden();
});

/** The demo community's id, read from its card in the administrator's list (the viewport a phone's). */
async function demoCommunityId(page: Page): Promise<string> {
  await go(page, "/comunidades/index");
  await search(page, "Calle Mayor 10");
  return idOfCard(page, "communities-cards", COMMUNITY, "data-community-id");
}

test("the administrator's communities and what a community holds are a card per row on a phone", async ({ page }) => {
  await loginAs(page, "administrador");
  let communityId = "";
  await checkPhoneLists(page, [
    {
      what: "Comunidades",
      open: (p) => go(p, "/comunidades/index"),
      cards: "communities-cards",
      name: COMMUNITY,
      search: "Calle Mayor 10",
      action: `Ver comunidad: ${COMMUNITY}`,
    },
    {
      what: "Proveedores de la comunidad",
      open: async (p) => {
        communityId = await idOfCard(p, "communities-cards", COMMUNITY, "data-community-id");
        await go(p, `/comunidades/comunidad/${communityId}/proveedores`);
      },
      cards: "community-providers-cards",
      name: PROVIDER,
      search: "Ascensores Levante",
      action: `Ver documentos de ${PROVIDER}`,
    },
    {
      what: "Porteros de la comunidad",
      open: (p) => go(p, `/comunidades/comunidad/${communityId}/porteros`),
      cards: "porters-cards",
      name: DEMO.portero.email,
      action: `Ver documentos de ${DEMO.portero.email}`,
    },
  ]);
});

test("the administrator's other lists are a card per row on a phone", async ({ page }) => {
  await loginAs(page, "administrador");
  const email = await inviteSomeone(page);
  await checkPhoneLists(page, [
    {
      what: "Porteros",
      open: (p) => go(p, "/admin-fincas/porteros/-1"),
      cards: "porter-summary-cards",
      name: "Juan Pérez Portero",
      action: "Ver las comunidades de Juan Pérez Portero",
    },
    {
      what: "Comunidades de un portero",
      open: async (p) => {
        const porterId = await idOfCard(p, "porter-summary-cards", "Juan Pérez Portero", "data-porter-id");
        await go(p, `/admin-fincas/porteros/${porterId}`);
      },
      cards: "porter-fincas-cards",
      name: COMMUNITY,
    },
    providersByActivity,
    invitationsList(email),
    usersList(DEMO.administrador.email),
  ]);
});

test("the provider picker's cards fit a phone, each with its button", async ({ page }) => {
  await loginAs(page, "administrador");
  await page.setViewportSize(PHONE);
  const communityId = await demoCommunityId(page);
  await go(page, `/comunidades/comunidad/${communityId}/proveedores`);
  await page.getByRole("button", { name: "Añadir Proveedor" }).click();
  const picker = page.getByRole("dialog", { name: "Añadir Proveedor" });
  await expectCards(page, picker, {
    what: "Añadir Proveedor",
    open: async () => {},
    cards: "provider-picker-cards",
    name: PROVIDER,
    search: "Ascensores Levante",
    action: "Ya añadido",
  });
  await expectDialogFits(picker);
});

test("every list of the provider is a card per row on a phone", async ({ page }) => {
  await loginAs(page, "gremio");
  await checkPhoneLists(page, [
    {
      what: "Comunidades del proveedor",
      open: (p) => go(p, "/comunidades/index"),
      cards: "provider-communities-cards",
      name: COMMUNITY,
      search: "Calle Mayor 10",
      action: `Ver comunidad: ${COMMUNITY}`,
    },
    usersList(DEMO.gremio.email),
  ]);
});

test("the porter's communities are a card per row on a phone", async ({ page }) => {
  await loginAs(page, "portero");
  await checkPhoneLists(page, [
    {
      what: "Mis comunidades",
      open: (p) => go(p, "/porteros/comunidades/main"),
      cards: "own-communities-cards",
      name: COMMUNITY,
      action: `Abrir ${COMMUNITY}`,
    },
  ]);
});

test("the mail viewer's messages are cards on a phone", async ({ page }) => {
  // This installation sends its mail by SMTP and serves no outbox: the server's answers are stood in for.
  const subject = "Invitación a Coordina";
  const message = {
    id: 1,
    to: "destinataria-con-un-nombre-largo@coordina.test",
    subject,
    kind: "invitation",
    status: "sent",
    attempts: 1,
    created: "2026-01-15T10:00:00.000Z",
    sent_at: "2026-01-15T10:00:01.000Z",
  };
  await page.route(/\/app\/config$/, (route) =>
    route.fulfill({ json: { result: true, data: { mailViewer: true, development: false, demo: true, smtp: false } } }),
  );
  await page.route(/\/dev\/mail\/messages$/, (route) => route.fulfill({ json: { result: true, data: [message] } }));
  await page.route(/\/dev\/mail\/messages\/1$/, (route) =>
    route.fulfill({
      json: { result: true, data: { ...message, text: "Hola: https://coordina.test/enlace", html: "" } },
    }),
  );
  await page.setViewportSize(PHONE);
  await page.goto("./#/dev/mail");
  const main = page.getByRole("main");
  await expectCards(page, main, {
    what: "Buzón de correo",
    open: async () => {},
    cards: "mail-cards",
    name: subject,
    // its subject, and to whom: the cards of two mails with one subject are told apart
    action: `${subject}, para ${message.to}`,
  });
  await expectNothingScrollsSideways(page);
  await main.getByRole("button", { name: `${subject}, para ${message.to}`, exact: true }).click();
  await expect(page.getByTestId("mail-message")).toBeVisible();
});
