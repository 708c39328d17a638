import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  acceptInvitation,
  acceptTerms,
  apiAs,
  DEMO,
  dropFile,
  dropFiles,
  expectAccessible,
  expectWordsByKeyboard,
  loginWith,
  logout,
  makePdf,
  NEW_PASSWORD,
  openMenu,
  PASSWORD,
  uniqueEmail,
  validCif,
} from "./fixtures";

/*
 * The compliance loop (issue 7; docs/compliance.md, spec 01 §4, spec 02 §4): in a colegio of its own, so
 * that every figure is exact, the colegio defines in its 'Documentos' two mandatory documents its
 * providers upload (one general, one per community) and a notice the administrator gives the providers of
 * a community, which they must read. The administrator, with one community and one provider in it, uploads
 * two notices there in 'Documentos para proveedores'. The provider uploads and reads in two rounds, and the lights on
 * the administrator's lists (communities; providers of the community; the compliance overview 'Proveedores' and
 * the provider's communities in it) and on the colegio's (providers;
 * a provider's communities) go red → amber → green, with the figures beside them. Last, the colegio
 * validates the general document and its 'Docs pend validar' goes from red to green.
 */

/**
 * The lights as TrafficLight draws them: data-light, the words a screen reader hears (and the tooltip
 * shows), the colour. Grey with '—' is 'Nada esperado' (docs/compliance.md §Lights).
 */
const LIGHTS = {
  ok: { name: /^Documentos (subidos|leídos): (\d+) de \2\. Completo\.$/, colour: "rgb(1, 175, 1)" },
  warn: { name: /^Documentos (subidos|leídos): \d+ de \d+\. Faltan? \d+\.$/, colour: "rgb(243, 179, 24)" },
  // Red is 'none met' on most lists, and 'not all met' in the compliance overview (spec 02 §4 'Admin overview').
  error: {
    name: /^(Documentos (subidos|leídos): \d+ de \d+\. Faltan? \d+\.|Documentos pendientes de validar: \d+\.)$/,
    colour: "rgb(199, 14, 57)",
  },
  none: { name: /^Nada pendiente/, colour: "rgb(134, 142, 150)" },
} as const;
type LightName = keyof typeof LIGHTS;
const GREEN: LightName = "ok";
const AMBER: LightName = "warn";
const RED: LightName = "error";
const GREY: LightName = "none";

interface World {
  tag: string;
  /** `id` is its company's, known once its manager has logged in */
  colegio: { id: number; email: string; name: string };
  administrator: { email: string; name: string; cif: string };
  provider: { email: string; name: string; cif: string };
  community: { id: number; name: string; cif: string };
  /** mandatory, uploaded by providers once for every community; validated by the colegio */
  general: string;
  /** mandatory, uploaded by providers for each community */
  bound: string;
  /** given by the administrator to the providers of a community, who must read it */
  notice: string;
  notices: [string, string];
  generalFile: string;
  boundFile: string;
}

let world: World;

async function loginAs(page: Page, email: string, start: RegExp) {
  await page.goto("./#/login");
  await loginWith(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(start);
}
const asColegio = (page: Page) => loginAs(page, world.colegio.email, /#\/admin\/administradores$/);
const asAdministrator = (page: Page) => loginAs(page, world.administrator.email, /#\/comunidades\/index$/);
const asProvider = (page: Page) => loginAs(page, world.provider.email, /#\/comunidades\/index$/);

/** A cell of a list row, by its column's header (the lists add an 'Id' column in development). */
async function cellOf(row: Locator, column: string): Promise<Locator> {
  await expect(row).toHaveCount(1);
  const headers = await row.locator("xpath=ancestor::table[1]").getByRole("columnheader").allInnerTexts();
  const index = headers.map((h) => h.trim()).indexOf(column);
  expect(index, `column '${column}' among ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return row.getByRole("cell").nth(index);
}

/** The figures and the light of a row's column, as the user sees them: text, light, its name and colour. */
async function expectLight(row: Locator, column: string, figures: string, light: LightName) {
  const cell = await cellOf(row, column);
  await expect(cell).toHaveText(figures);
  const dot = cell.locator("[data-light]");
  await expect(dot).toHaveAttribute("data-light", light);
  await expect(dot).toHaveAccessibleName(LIGHTS[light].name);
  await expect(dot).toHaveCSS("background-color", LIGHTS[light].colour);
}

type Figures = [figures: string, light: LightName];

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

/** The administrator's communities list: its row of the community ('Docs subidos', 'Docs leídos'). */
async function expectCommunityRow(page: Page, uploaded: Figures, read: Figures) {
  await page.goto("./#/comunidades/index");
  const row = page.locator("tbody tr[data-community-id]").filter({ hasText: world.community.name });
  await expect(await cellOf(row, "Proveedores")).toHaveText("1");
  await expectLight(row, "Docs subidos", ...uploaded);
  await expectLight(row, "Docs leídos", ...read);
}

/** The providers of the community (the panel's first view): the provider's row. */
async function expectProviderInCommunity(page: Page, uploaded: Figures, read: Figures) {
  await page.goto(`./#/comunidades/comunidad/${world.community.id}/proveedores`);
  const row = page.locator("tbody tr[data-provider-id]").filter({ hasText: world.provider.name });
  await expect(page.locator("tbody tr[data-provider-id]")).toHaveCount(1);
  await expectLight(row, "Documentos de subida", ...uploaded);
  await expectLight(row, "Documentos leídos", ...read);
}

/**
 * The administrator's compliance overview ('Proveedores', /admin-fincas/proveedor): the provider's row
 * (spec 02 §4 'Admin overview': green when met, red otherwise), then its communities, and 'Volver'.
 */
async function expectOverviewRow(page: Page, read: Figures, upload: Figures) {
  await openMenu(page, "Proveedores");
  await expect(page).toHaveURL(/#\/admin-fincas\/proveedor$/);
  const rows = page.locator("tbody tr[data-provider-id]");
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: world.provider.name });
  await expect(await cellOf(row, "CIF/NIF")).toHaveText(world.provider.cif);
  await expect(await cellOf(row, "Num fincas asoc")).toHaveText("1");
  await expectLight(row, "Lectura", ...read);
  await expectLight(row, "Docs. Subir", ...upload);
  await row.getByRole("button", { name: `Ver las comunidades de ${world.provider.name}` }).click();
  await expect(page).toHaveURL(/#\/admin-fincas\/proveedor\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Comunidades de ${world.provider.name}` })).toBeVisible();
  const finca = page.locator(`tbody tr[data-community-id="${world.community.id}"]`);
  await expect(await cellOf(finca, "Finca")).toHaveText(world.community.name);
  await expect(await cellOf(finca, "CIF/NIF")).toHaveText(world.community.cif);
  await expectLight(finca, "Lectura", ...read);
  await expectLight(finca, "Docs. Subir", ...upload);
  await page.getByRole("link", { name: "Volver" }).click();
  await expect(page).toHaveURL(/#\/admin-fincas\/proveedor$/);
  await expect(rows).toHaveCount(1);
}

/** The colegio's providers list: the provider's row ('Docs a subir', 'Docs a leer', 'Docs pend validar'). */
async function expectColegioProviderRow(page: Page, upload: Figures, read: Figures, pending: Figures) {
  await openMenu(page, "Proveedores");
  await expect(page.getByRole("heading", { level: 1, name: "Proveedores" })).toBeVisible();
  const rows = page.locator("tbody tr[data-company-id]");
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: world.provider.name });
  await expect(await cellOf(row, "En Fincas")).toHaveText("1");
  await expectLight(row, "Docs a subir", ...upload);
  await expectLight(row, "Docs a leer", ...read);
  await expectLight(row, "Docs pend validar", ...pending);
}

/** The provider's detail, 'Comunidades': its row of the community. */
async function openProviderCommunities(page: Page): Promise<Locator> {
  await page.locator("tbody tr[data-company-id]").getByRole("link", { name: world.provider.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: world.provider.name })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Secciones del proveedor" })
    .getByRole("link", { name: "Comunidades" })
    .click();
  await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/comunidades\/\1$/);
  const rows = page.locator("tbody tr[data-finca-id]");
  await expect(rows).toHaveCount(1);
  const row = page.locator(`tbody tr[data-finca-id="${world.community.id}"]`);
  await expect(row).toContainText(world.community.name);
  await expect(row).toContainText(world.administrator.name);
  return row;
}

async function expectProviderCommunityRow(row: Locator, docs: Figures, read: Figures) {
  await expectLight(row, "Documentos", ...docs);
  await expectLight(row, "Lectura", ...read);
}

/** The provider's 'Documentos de la comunidad' (gremio/docs-finca), from its communities list. */
async function openCommunityDocuments(page: Page) {
  await page
    .locator("tbody tr[data-community-id]")
    .filter({ hasText: world.community.name })
    .getByRole("button", { name: "Ver comunidad" })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/comunidades/comunidad/${world.community.id}/gremio/docs-finca$`));
  return page.getByTestId("reading-group").filter({ hasText: world.notice });
}

const noticeRow = (group: Locator, file: string) => group.getByTestId("reading-document").filter({ hasText: file });

const panelEntry = (page: Page, name: string) =>
  // The name goes on with the '!' badge's when it shows ('Tienes documentos pendientes de leer').
  page
    .getByRole("navigation", { name: "Menú de la comunidad" })
    .getByRole("link", { name: new RegExp(`^${name}( |$)`) });

test.describe("the compliance loop in a colegio of its own", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test.beforeAll(() => {
    const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
    world = {
      tag,
      colegio: {
        id: 0,
        email: uniqueEmail("colegio-cumplimiento"),
        name: `Colegio de Administradores de Fincas ${tag}`,
      },
      administrator: {
        email: uniqueEmail("admin-cumplimiento"),
        name: `Fincas Cumplimiento ${tag} S.L.`,
        cif: validCif("B"),
      },
      provider: {
        email: uniqueEmail("gremio-cumplimiento"),
        name: `Electricidad Cumplida ${tag} S.L.`,
        cif: validCif("B"),
      },
      community: { id: 0, name: `Comunidad de Propietarios Calle Luz ${tag}`, cif: validCif("H") },
      general: `Declaración responsable ${tag}`,
      bound: `Plan de trabajo en la finca ${tag}`,
      notice: `Aviso a los proveedores ${tag}`,
      notices: [`aviso-horario-${tag}.pdf`, `aviso-accesos-${tag}.pdf`],
      generalFile: `declaracion-${tag}.pdf`,
      boundFile: `plan-trabajo-${tag}.pdf`,
    };
  });

  test.afterAll(async ({ playwright }, info) => {
    // The master deactivates the colegio again: it leaves the master's colegios (the other journeys expect
    // the demo master in the demo colegio alone); nothing is deleted.
    if (!world.colegio.id) return;
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    const login = await request.post("/companies/users/login", {
      data: { email: DEMO.master.email, password: PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const deactivated = await request.post("/companies/companies/deactivate", {
      headers: { Authentication: `Bearer ${token}` },
      data: { id: world.colegio.id },
    });
    expect(deactivated.ok(), await deactivated.text()).toBe(true);
    await request.dispose();
  });

  test("set-up: the master invites a colegio, which registers an administrator and a provider; a community with the provider", async ({
    page,
  }) => {
    // The master invites the colegio; its manager accepts.
    await page.goto("./#/login");
    await loginWith(page, DEMO.master.email);
    await expect(page).toHaveURL(/#\/master\/colegios$/);
    await (await apiAs(page))("/companies/master/invite", { email: world.colegio.email, name: world.colegio.name });
    await logout(page);
    await acceptInvitation(page, world.colegio.email);

    // The colegio registers its administrator company (15) and its provider (20).
    await asColegio(page);
    world.colegio.id = await page.evaluate(() => {
      const stored = localStorage.getItem("coordina.currentUser") ?? sessionStorage.getItem("coordina.currentUser");
      return (JSON.parse(stored ?? "{}") as { colegio?: { id: number } }).colegio?.id ?? 0;
    });
    expect(world.colegio.id).toBeGreaterThan(0);
    const colegio = await apiAs(page);
    for (const [company, type] of [
      [world.administrator, 15],
      [world.provider, 20],
    ] as const)
      await colegio("/companies/registry/register", {
        email: company.email,
        company_name: company.name,
        cif: company.cif,
        type,
      });
    await logout(page);

    // Each accepts its invitation and the terms; the administrator adds the community and the provider.
    await acceptInvitation(page, world.administrator.email);
    await loginWith(page, world.administrator.email, NEW_PASSWORD);
    await acceptTerms(page);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    const administrator = await apiAs(page);
    const added = await administrator<{ data: { id: number } }>("/companies/fincas/add", {
      name: world.community.name,
      cif: world.community.cif,
    });
    world.community.id = added.data.id;
    await administrator("/companies-providers/addcif", { cif: world.provider.cif, id_company: world.community.id });
    await logout(page);

    await acceptInvitation(page, world.provider.email);
    await loginWith(page, world.provider.email, NEW_PASSWORD);
    await acceptTerms(page);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    await expect(page.locator("tbody tr[data-community-id]").filter({ hasText: world.community.name })).toHaveCount(1);
  });

  test("the colegio defines the duties: two mandatory provider documents and a notice providers must read", async ({
    page,
  }) => {
    await asColegio(page);
    await openMenu(page, "Definición de documentos");
    await expect(page).toHaveURL(/#\/documents\/settings/);

    const define = async (tab: string, name: string, checks: string[], dest?: string) => {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("button", { name: "Añadir", exact: true }).click();
      const form = page.getByRole("dialog", { name: "Añadir documento" });
      await form.getByLabel("Nombre del documento").fill(name);
      if (dest) {
        await form.getByRole("combobox", { name: "Destino (quién lo recibe)" }).click();
        await page.getByRole("option", { name: dest, exact: true }).click();
      }
      for (const label of checks) await form.getByLabel(label, { exact: true }).check();
      await form.getByRole("button", { name: "Guardar" }).click();
      await expect(form).toBeHidden();
      await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
    };
    await define("Docs Proveedores", world.general, ["Obligatorio", "Requiere validación del colegio"]);
    await define("Docs Proveedores", world.bound, ["Obligatorio", "Documento por comunidad"]);
    await define(
      "Docs Administradores",
      world.notice,
      ["Documento por comunidad", "Lectura obligatoria por el destinatario"],
      "Proveedor",
    );
    const notice = page.getByRole("row").filter({ hasText: world.notice });
    await expect(notice).toContainText("Lectura obligatoria");
    await expect(notice).toContainText("Por comunidad");
    await page.getByRole("tab", { name: "Docs Proveedores" }).click();
    for (const name of [world.general, world.bound])
      await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Obligatorio");
  });

  test("RED: nothing uploaded; the administrator uploads two notices in 'Documentos para proveedores' and there are two to read", async ({
    page,
  }) => {
    await asAdministrator(page);
    // Two uploads owed in the community (the general one and the one for it), nothing to read yet:
    // the community's upload light is red, the provider's amber; nothing to read is grey '—' on both.
    await expectCommunityRow(page, ["0/2", RED], ["—", GREY]);
    await expectProviderInCommunity(page, ["0/2", AMBER], ["—", GREY]);

    await panelEntry(page, "Documentos para proveedores").click();
    await expect(page).toHaveURL(new RegExp(`#/comunidades/comunidad/${world.community.id}/upload$`));
    await expect(page.getByText("Documentos del administrador para los proveedores de la comunidad")).toBeVisible();
    const box = page.getByTestId("definition-box").filter({ hasText: world.notice });
    await expect(box.getByTestId("no-documents")).toHaveText("No hay documentos");
    await dropFiles(
      page,
      box.getByTestId("upload-area"),
      await Promise.all(world.notices.map(async (name) => ({ name, bytes: await makePdf(`Aviso ${name}`) }))),
    );
    await expect(box.getByTestId("upload-item")).toHaveCount(2);
    for (const item of await box.getByTestId("upload-item").all())
      await expect(item).toHaveAttribute("data-status", "done");
    for (const name of world.notices)
      await expect(box.getByTestId("document-row").filter({ hasText: name })).toHaveCount(1);

    // Now two to read, none read: red.
    await expectCommunityRow(page, ["0/2", RED], ["0/2", RED]);
    // The community's lights name what its providers lack there, by provider, at a desk and on a phone.
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.reload();
      await expectWordsByKeyboard(page, "Documentos subidos: 0 de 2. Faltan 2.", [
        "Documentos subidos: 0 de 2.",
        `Faltan 2 de 2 — ${world.provider.name}: ${world.general}, ${world.bound}`,
      ]);
      await expectWordsByKeyboard(page, "Documentos leídos: 0 de 2. Faltan 2.", [
        `Faltan 2 de 2 por leer — ${world.provider.name}: `,
        `${world.notice} (${world.notices[0]})`,
        `${world.notice} (${world.notices[1]})`,
      ]);
    }
    await page.setViewportSize(DESK);
    await expectProviderInCommunity(page, ["0/2", AMBER], ["0/2", RED]);
    // A keyboard user reaches each light and reads what is missing, at a desk and on a phone.
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.reload();
      await expectWordsByKeyboard(page, "Documentos subidos: 0 de 2. Faltan 2.", [
        "Documentos subidos: 0 de 2.",
        "Faltan 2 de 2: ",
        world.general,
        world.bound,
      ]);
      await expectWordsByKeyboard(page, "Documentos leídos: 0 de 2. Faltan 2.", [
        "Faltan 2 de 2 por leer: ",
        `${world.notice} (${world.notices[0]})`,
        `${world.notice} (${world.notices[1]})`,
      ]);
    }
    await page.setViewportSize(DESK);
    // The compliance overview: none met, red (spec 02 §4 'Admin overview' has no amber).
    await expectOverviewRow(page, ["0/2", RED], ["0/2", RED]);
    await logout(page);

    // The colegio: amber in its providers list (not met), red in the provider's community (none met).
    await asColegio(page);
    await expectColegioProviderRow(page, ["0/2", AMBER], ["0/2", AMBER], ["—", GREY]);
    const row = await openProviderCommunities(page);
    await expectProviderCommunityRow(row, ["0/2", RED], ["0/2", RED]);
  });

  test("AMBER: the provider uploads the general document and reads one notice", async ({ page }) => {
    await asProvider(page);
    await openMenu(page, "Documentos generales");
    const general = page.getByTestId("definition-box").filter({ hasText: world.general });
    await expect(general.getByTestId("no-documents")).toHaveText("No hay documentos");
    await dropFile(page, general.getByTestId("upload-area"), world.generalFile, await makePdf(world.general));
    await expect(general.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
    const document = general.getByTestId("document-row").filter({ hasText: world.generalFile });
    await expect(document.getByTestId("validation-badge")).toHaveText("Pendiente de validar");

    // The community's documents: the '!' on the menu, both notices unread; one is read.
    await page.goto("./#/comunidades/index");
    const group = await openCommunityDocuments(page);
    const entry = panelEntry(page, "Documentos de la comunidad");
    await expect(entry.getByTestId("pending-read-badge")).toHaveText("!");
    await expect(group.getByTestId("read-required")).toHaveText("Lectura Obligatoria");
    await expect(group.getByTestId("reading-document")).toHaveCount(2);
    await expect(page.getByTestId("reading-pending")).toHaveText("2 pendientes de leer");
    for (const name of world.notices) {
      const notice = noticeRow(group, name);
      await expect(notice).toContainText(world.administrator.name);
      await expect(notice.getByTestId("read-status")).toHaveText("No leído");
    }
    const [first, second] = world.notices;
    await noticeRow(group, first).getByRole("button", { name: "Marcar como leído" }).click();
    await expect(noticeRow(group, first).getByTestId("read-status")).toHaveText("Leído");
    await expect(page.getByTestId("reading-notice")).toHaveText(`Has marcado ${first} como leído`);
    await expect(noticeRow(group, second).getByTestId("read-status")).toHaveText("No leído");
    await expect(page.getByTestId("reading-pending")).toHaveText("1 pendiente de leer");
    // One still to read: the '!' stays, and the mark too.
    await page.reload();
    await expect(entry.getByTestId("pending-read-badge")).toHaveText("!");
    await expect(noticeRow(group, first).getByTestId("read-status")).toHaveText("Leído");
    await logout(page);

    // Half of each: amber everywhere; the general document waits for the colegio (red).
    await asAdministrator(page);
    await expectCommunityRow(page, ["1/2", AMBER], ["1/2", AMBER]);
    await expectProviderInCommunity(page, ["1/2", AMBER], ["1/2", AMBER]);
    // The compliance overview: half is not met, red; its words name what is missing, at both widths.
    await expectOverviewRow(page, ["1/2", RED], ["1/2", RED]);
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.reload();
      await expectWordsByKeyboard(page, "Documentos subidos: 1 de 2. Falta 1.", [
        `Falta 1 de 2: ${world.bound} (${world.community.name})`,
      ]);
      await expectWordsByKeyboard(page, "Documentos leídos: 1 de 2. Falta 1.", [
        `Falta 1 de 2 por leer: ${world.notice} (${world.notices[1]}) en ${world.community.name}`,
      ]);
      await expectAccessible(page);
    }
    await page.setViewportSize(DESK);
    await logout(page);

    await asColegio(page);
    await expectColegioProviderRow(page, ["1/2", AMBER], ["1/2", AMBER], ["1", RED]);
    // Its lights name what it still lacks over the colegio's communities, and what waits for validation.
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await page.reload();
      await expectWordsByKeyboard(page, "Documentos subidos: 1 de 2. Falta 1.", [
        `Falta 1 de 2: ${world.bound} (${world.community.name})`,
      ]);
      await expectWordsByKeyboard(page, "Documentos leídos: 1 de 2. Falta 1.", [
        `Falta 1 de 2 por leer: ${world.notice} (${world.notices[1]}) en ${world.community.name}`,
      ]);
      await expectWordsByKeyboard(page, "Documentos pendientes de validar: 1.", [
        `Espera validación: ${world.general} (${world.generalFile})`,
      ]);
    }
    await page.setViewportSize(DESK);
    const row = await openProviderCommunities(page);
    await expectProviderCommunityRow(row, ["1/2", AMBER], ["1/2", AMBER]);
  });

  test("GREEN: the provider uploads the community's document and reads the other notice; the colegio validates", async ({
    page,
  }) => {
    await asProvider(page);
    const group = await openCommunityDocuments(page);
    await panelEntry(page, "Subir documentos").click();
    await expect(page).toHaveURL(new RegExp(`#/comunidades/comunidad/${world.community.id}/upload$`));
    await expect(page.getByText("Documentos del proveedor para la comunidad y su administrador")).toBeVisible();
    const bound = page.getByTestId("definition-box").filter({ hasText: world.bound });
    await dropFile(page, bound.getByTestId("upload-area"), world.boundFile, await makePdf(world.bound));
    await expect(bound.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
    await expect(bound.getByTestId("document-row").filter({ hasText: world.boundFile })).toHaveCount(1);

    const entry = panelEntry(page, "Documentos de la comunidad");
    await entry.click();
    await expect(entry).toHaveAttribute("aria-current", "page");
    await expect(entry.getByTestId("pending-read-badge")).toHaveText("!");
    const second = noticeRow(group, world.notices[1]);
    await expect(second.getByTestId("read-status")).toHaveText("No leído");
    await second.getByRole("button", { name: "Marcar como leído" }).click();
    await expect(second.getByTestId("read-status")).toHaveText("Leído");
    await expect(group.getByTestId("reading-document").getByTestId("read-status")).toHaveText(["Leído", "Leído"]);
    await expect(entry.getByTestId("pending-read-badge")).toHaveCount(0);
    await expect(page.getByTestId("reading-pending")).toHaveCount(0);
    await logout(page);

    // Everything met: green on the administrator's lists.
    await asAdministrator(page);
    await expectCommunityRow(page, ["2/2", GREEN], ["2/2", GREEN]);
    await expectProviderInCommunity(page, ["2/2", GREEN], ["2/2", GREEN]);
    await expectOverviewRow(page, ["2/2", GREEN], ["2/2", GREEN]);
    await logout(page);

    // The colegio: green but for the document waiting for it; it validates it from the community's row.
    await asColegio(page);
    await expectColegioProviderRow(page, ["2/2", GREEN], ["2/2", GREEN], ["1", RED]);
    const row = await openProviderCommunities(page);
    await expectProviderCommunityRow(row, ["2/2", GREEN], ["2/2", GREEN]);
    await row.getByRole("button", { name: `Ver documentos de ${world.community.name}` }).click();
    const modal = page.getByRole("dialog", { name: `Documentos de ${world.community.name}` });
    const document = modal
      .getByTestId("definition-box")
      .filter({ hasText: world.general })
      .getByTestId("document-row")
      .filter({ hasText: world.generalFile });
    const toggle = document.getByRole("switch");
    await expect(toggle).not.toBeChecked();
    await expect(document.getByText("Pendiente de validar", { exact: true })).toBeVisible();
    // Not forced: the click waits until the modal has settled (a forced one may be lost while it moves in).
    const validated = page.waitForResponse((r) => r.url().endsWith("/companies/documents/validatedocument"));
    await toggle.click();
    expect((await validated).ok()).toBe(true);
    await expect(toggle).toBeChecked();
    await expect(document.getByText("Validado", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
    await expectProviderCommunityRow(row, ["2/2", GREEN], ["2/2", GREEN]);

    await page.getByRole("link", { name: "Volver a proveedores" }).click();
    await expect(page).toHaveURL(/#\/admin\/proveedor$/);
    await expectColegioProviderRow(page, ["2/2", GREEN], ["2/2", GREEN], ["—", GREY]);
  });
});
