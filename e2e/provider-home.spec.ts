import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { type Api, apiLogin, DEMO, dropFile, isPhone, loginWith, logout, makePdf, openMenu } from "./fixtures";

/*
 * The provider home and the colegio's view of a provider's communities (spec 02 §2 'Provider home',
 * 'Provider detail by the association'): the colegio defines a mandatory general provider document, a
 * mandatory per-community one and a notice from the administrator that providers must read; the
 * administrator uploads the notice; the demo provider's start page sums up what it owes, as many as the
 * colegio's *Docs a subir* and *Docs a leer* say it lacks, and its menu leads to 'Tareas pendientes' (issue
 * 21), which lists both uploads owed and the notice to read; the provider uploads the general one and it
 * leaves the home and the summary; the colegio sees the provider's figures in the demo community (amber: some
 * met, not all) and opens its documents there. The whole journey runs at 1366×768 and again at 375×812 (issue 21
 * item 7), each width with its own definitions, removed once it is done.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;

/** The demo world (apps/server seed). */
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER = { name: "Ascensores Levante S.L.", cif: "B87654321" };
const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;

/** Requirement values (spec 02 §3). */
const ADMINISTRATOR = 0;
const PROVIDER_REQ = 5;

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

interface FincaFigures {
  id_finca: number;
  count_provider: number;
  count_total: number;
  readed: number;
  must_read: number;
}

/** The colegio's figures of the demo provider in the demo community (its 'Comunidades' row). */
async function figures(colegio: Api, providerId: number): Promise<FincaFigures> {
  const page = await colegio.post<{ data: (FincaFigures & { finca: string })[] }>(
    `/companies/colegio-providers/fincas/${providerId}`,
    { filter: COMMUNITY },
  );
  const row = page.data.find((r) => r.finca === COMMUNITY);
  if (!row) throw new Error(`${PROVIDER.name} does not serve ${COMMUNITY}`);
  return row;
}

/**
 * What the colegio's providers list says the provider lacks in it: *Docs a subir* and *Docs a leer*, required
 * minus met (docs/compliance.md rule 5).
 */
async function colegioOwed(colegio: Api): Promise<{ uploads: number; reads: number }> {
  const providers = await colegio.post<{
    data: { company_cif: string; all_uploaded: number; upload_must: number; read_all: number; read_must: number }[];
  }>("/companies/companies/index", { type: 20, filter: PROVIDER.cif });
  const row = providers.data.find((p) => p.company_cif === PROVIDER.cif)!;
  return { uploads: row.upload_must - row.all_uploaded, reads: row.read_must - row.read_all };
}

/** A community's figures of the provider, `column` ('docs' or 'read'): its table cell, or on a phone its card's light. */
function figureCell(page: Page, row: Locator, column: "docs" | "read"): Locator {
  if (!isPhone(page)) return row.locator(`[data-column="${column}"]`);
  return row
    .getByTestId("item-lights")
    .locator(":scope > div")
    .nth(column === "docs" ? 0 : 1);
}

/** A figure ('3/5') as its cell shows it: alone in a table's cell, after the light's name on a phone's card. */
const figure = (page: Page, value: string) => (isPhone(page) ? new RegExp(`\\D${value}$`) : value);

for (const size of WIDTHS) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // Long journeys, each now at two widths: more time than the default 30 s on a busy machine.
    test.describe.configure({ mode: "serial", timeout: 90_000 });
    const tag = `${run}-${size.width}`;
    const GENERAL = `Declaración responsable ${tag}`;
    const BOUND = `Plan de trabajo en la finca ${tag}`;
    const NOTICE = `Aviso de corte de agua ${tag}`;
    const NOTICE_FILE = `aviso-agua-${tag}.pdf`;
    const GENERAL_FILE = `declaracion-${tag}.pdf`;

    let request: APIRequestContext;
    let colegio: Api;
    let providerId = 0;
    let before: FincaFigures;
    const definitions: number[] = [];

    test.beforeAll(async ({ playwright }, info) => {
      // One API context for the whole journey (the `request` fixture lives for one test only).
      request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
      colegio = await apiLogin(request, DEMO.colegio.email);
      const providers = await colegio.post<{ data: { company_id: number; company_cif: string }[] }>(
        "/companies/companies/index",
        { type: 20, filter: PROVIDER.cif },
      );
      providerId = providers.data.find((p) => p.company_cif === PROVIDER.cif)!.company_id;
      // Other journeys may have left duties of their own: the figures here are counted from these.
      before = await figures(colegio, providerId);
    });

    test.afterAll(async () => {
      // The definitions go, and with them their documents, so that later journeys see the demo world again.
      for (const id of definitions) await colegio.post(`/document-require-definitions/delete/${id}`);
      await request.dispose();
    });

    test("the colegio defines two mandatory provider documents and a notice; the administrator uploads the notice", async () => {
      const define = async (body: object) => {
        const saved = await colegio.post<{ data: { id: number } }>("/document-require-definitions/add", body);
        definitions.push(saved.data.id);
        return saved.data.id;
      };
      await define({
        name: GENERAL,
        requirement_origin: PROVIDER_REQ,
        requirement_dest: ADMINISTRATOR,
        mandatory: true,
        validate_colegio_required: true,
      });
      await define({
        name: BOUND,
        requirement_origin: PROVIDER_REQ,
        requirement_dest: ADMINISTRATOR,
        mandatory: true,
        assocfinca: true,
      });
      const notice = await define({
        name: NOTICE,
        requirement_origin: ADMINISTRATOR,
        requirement_dest: PROVIDER_REQ,
        assocfinca: true,
        dest_read_required: true,
      });

      const administrator = await apiLogin(request, DEMO.administrador.email);
      await administrator.upload(
        "/companies/documents/upload-defined-file",
        { id_definition: String(notice), id_finca: String(before.id_finca) },
        NOTICE_FILE,
        await makePdf(`Aviso ${tag}`),
      );
    });

    test("the provider's home lists both uploads owed and the notice to read, and where to deal with each", async ({
      page,
    }) => {
      // The provider starts at its communities (spec 02 §2), where what it owes is summed up as the colegio counts it.
      await loginAs(page, "gremio");
      expect(DEMO.gremio.start).toBe("/comunidades/index");
      const { summary, owed } = await expectSummaryAsColegio(page);
      expect(owed.uploads).toBeGreaterThanOrEqual(2);
      expect(owed.reads).toBeGreaterThanOrEqual(1);
      await expect(summary.getByTestId("pending-summary-uploads")).toHaveText(`${owed.uploads} documentos por subir`);
      await expect(summary.getByRole("link", { name: "Ver tareas pendientes" })).toHaveAttribute(
        "href",
        "#/proveedores/main",
      );
      // Its menu has 'Tareas pendientes' without the pending-tasks flag (issue 21).
      await openMenu(page, "Tareas pendientes");
      await expect(page).toHaveURL(/#\/proveedores\/main$/);
      await expect(page.getByRole("heading", { level: 1, name: "Tareas pendientes" })).toBeVisible();

      // Left: the notice, in its community, with its administrator, type, file, size and uploader.
      const reads = pendingReads(page);
      await expect(reads.getByRole("heading", { name: "Lecturas pendientes" })).toBeVisible();
      const community = reads.getByTestId("pending-read-community").filter({ hasText: COMMUNITY });
      await expect(community).toContainText("Administrador: Fincas Centro Administración S.L.");
      const notice = community.getByTestId("pending-read-document").filter({ hasText: NOTICE_FILE });
      await expect(notice.getByTestId("pending-read-type")).toHaveText(NOTICE);
      await expect(notice).toContainText(/\d+,\d (kB|MB) · Subido por Fincas Centro Administración S\.L\./);
      await expect(notice.getByRole("link", { name: `Ir a leer ${NOTICE_FILE} en ${COMMUNITY}` })).toHaveAttribute(
        "href",
        `#/comunidades/comunidad/${before.id_finca}/gremio/docs-finca`,
      );
      // Its PDF opens in a new tab through a short-lived link.
      const popupPromise = page.waitForEvent("popup");
      await notice.getByRole("button", { name: `Ver ${NOTICE_FILE}` }).click();
      const popup = await popupPromise;
      await expect.poll(() => popup.url()).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
      await popup.close();

      // Right: the general document for every community, the bound one for the demo community, both unsent.
      const uploads = pendingUploads(page);
      await expect(uploads.getByRole("heading", { name: "Documentos pendientes de subida" })).toBeVisible();
      const general = uploadRow(page, GENERAL);
      await expect(general.getByTestId("pending-upload-community")).toHaveText("Todas las comunidades");
      await expect(general.getByTestId("pending-upload-state")).toHaveText("Sin subir");
      await expect(general.getByRole("link", { name: `Subir ${GENERAL} (Todas las comunidades)` })).toHaveAttribute(
        "href",
        "#/provdoc?group=ALL",
      );
      const bound = uploadRow(page, BOUND);
      await expect(bound.getByTestId("pending-upload-community")).toHaveText(COMMUNITY);
      await expect(bound.getByTestId("pending-upload-state")).toHaveText("Sin subir");
      await expect(bound.getByRole("link", { name: `Subir ${BOUND} (${COMMUNITY})` })).toHaveAttribute(
        "href",
        `#/comunidades/comunidad/${before.id_finca}/upload`,
      );
      // The headers count what their panels list.
      // The headers count what their panels list, as many as the start page's summary said.
      await expect(reads.getByTestId("pending-read-document")).toHaveCount(owed.reads);
      await expect(reads.getByTestId("pending-reads-count")).toHaveAttribute("data-count", String(owed.reads));
      const uploadItems = owed.uploads;
      await expect(uploads.getByTestId("pending-upload")).toHaveCount(uploadItems);
      await expect(uploads.getByTestId("pending-uploads-count")).toHaveAttribute("data-count", String(uploadItems));

      // The provider uploads the general one where the home sends it, and it leaves the home.
      await general.getByRole("link", { name: `Subir ${GENERAL} (Todas las comunidades)` }).click();
      await expect(page).toHaveURL(/#\/provdoc\?group=ALL$/);
      const box = page.getByTestId("definition-box").filter({ hasText: GENERAL });
      await dropFile(page, box.getByTestId("upload-area"), GENERAL_FILE, await makePdf(`Declaración ${tag}`));
      await expect(box.getByTestId("upload-item")).toHaveAttribute("data-status", "done");
      await expect(box.getByTestId("document-row")).toContainText(GENERAL_FILE);

      // Back at the start page the summary counts one upload less, as the colegio does.
      await openMenu(page, "Comunidades");
      const after = await expectSummaryAsColegio(page);
      expect(after.owed).toEqual({ uploads: uploadItems - 1, reads: owed.reads });
      await after.summary.getByRole("link", { name: "Ver tareas pendientes" }).click();
      await expect(page).toHaveURL(/#\/proveedores\/main$/);
      await expect(uploadRow(page, BOUND)).toBeVisible();
      await expect(uploadRow(page, GENERAL)).toHaveCount(0);
      await expect(pendingUploads(page).getByTestId("pending-uploads-count")).toHaveAttribute(
        "data-count",
        String(uploadItems - 1),
      );
      // The notice is still to be read.
      await expect(
        pendingReads(page).getByTestId("pending-read-document").filter({ hasText: NOTICE_FILE }),
      ).toBeVisible();
      await logout(page);
    });

    test("the colegio sees the provider's figures in the community and opens its documents there", async ({ page }) => {
      // Two mandatory duties more, one of them met; one more document to read, unread.
      const docs = `${before.count_provider + 1}/${before.count_total + 2}`;
      const read = `${before.readed}/${before.must_read + 1}`;

      await loginAs(page, "colegio");
      await openMenu(page, "Proveedores");
      await page.getByRole("main").getByRole("link", { name: PROVIDER.name }).first().click();
      await expect(page).toHaveURL(new RegExp(`#/admin/proveedor/${providerId}/`));
      await page
        .getByRole("navigation", { name: "Secciones del proveedor" })
        .getByRole("link", { name: "Comunidades" })
        .click();
      await expect(page).toHaveURL(new RegExp(`#/admin/proveedor/${providerId}/comunidades/${providerId}$`));

      const row = page.getByRole("main").locator(`[data-finca-id="${before.id_finca}"]`);
      await expect(row).toContainText(COMMUNITY);
      await expect(row).toContainText("Fincas Centro Administración S.L.");
      const docsCell = figureCell(page, row, "docs");
      await expect(docsCell).toHaveText(figure(page, docs));
      // Some met, not all: amber.
      await expect(docsCell.locator("[data-light]")).toHaveAttribute("data-light", "warn");
      await expect(
        docsCell.getByRole("button", { name: /^Documentos subidos: \d+ de \d+\. Faltan? \d+\.$/ }),
      ).toBeVisible();
      await expect(figureCell(page, row, "read")).toHaveText(figure(page, read));

      // 'Ver documentos': the provider's documents in the community, with the colegio's validation switch.
      await row.getByRole("button", { name: `Ver documentos de ${COMMUNITY}` }).click();
      const modal = page.getByRole("dialog", { name: `Documentos de ${COMMUNITY}` });
      await expect(modal).toBeVisible();
      const general = modal.getByTestId("definition-box").filter({ hasText: GENERAL });
      const document = general.getByTestId("document-row").filter({ hasText: GENERAL_FILE });
      await expect(document).toBeVisible();
      await expect(general.getByTestId("upload-area")).toHaveCount(0);
      const toggle = document.getByRole("switch");
      await expect(toggle).not.toBeChecked();
      // A plain click waits for the window to settle (a forced one could land while it still moves).
      await toggle.click();
      await expect(toggle).toBeChecked();
      await expect(
        modal.getByTestId("definition-box").filter({ hasText: BOUND }).getByTestId("no-documents"),
      ).toHaveText("No hay documentos");

      // Closing it reads the list again.
      const reloaded = page.waitForResponse((r) =>
        r.url().includes(`/companies/colegio-providers/fincas/${providerId}`),
      );
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await reloaded;
      await expect(docsCell).toHaveText(figure(page, docs));
    });

    /** The start page's summary of what is pending says what the colegio counts. */
    async function expectSummaryAsColegio(page: Page) {
      const owed = await colegioOwed(colegio);
      const summary = page.getByRole("region", { name: "Tareas pendientes" });
      await expect(summary.getByTestId("pending-summary-uploads")).toHaveAttribute("data-count", String(owed.uploads));
      await expect(summary.getByTestId("pending-summary-reads")).toHaveAttribute("data-count", String(owed.reads));
      return { summary, owed };
    }

    const pendingReads = (page: Page) => page.getByTestId("pending-reads");
    const pendingUploads = (page: Page) => page.getByTestId("pending-uploads");
    /**
     * The row of an upload owed: a definition, in the demo community (a bound one; the demo provider may serve
     * other communities that other specs add) or in all of them (a general one).
     */
    const uploadRow = (page: Page, name: string, community = COMMUNITY) =>
      pendingUploads(page)
        .getByTestId("pending-upload")
        .filter({ hasText: name })
        .filter({
          has: page.getByTestId("pending-upload-community").filter({
            hasText: new RegExp(
              `^${(name === GENERAL ? "Todas las comunidades" : community).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
            ),
          }),
        });
  });
}
