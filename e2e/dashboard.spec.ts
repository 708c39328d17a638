import type { AdminDashboard, ColegioDashboard, ColegioDocumentsSummary, LightShare } from "@coordina/domain";
import { expect, type Page, test } from "@playwright/test";
import {
  type Api,
  apiLogin,
  colegioApi,
  DEMO,
  expectSoundPage,
  hashOf,
  loginWith,
  makePdf,
  openMenu,
  PASSWORD,
} from "./fixtures";

/*
 * The dashboards (issue 23 part 3): the demo colegio and administrator open 'Panel' at a desktop width and on a
 * phone, see the figures their call answers (as text beside the charts), nothing sideways, axe clean, and a
 * figure's link leads to its list. /develop: not reachable when the server is not in development (the e2e
 * server runs in production), shown when it says it is.
 */

const WIDTHS = [
  { name: "1366×768", viewport: { width: 1366, height: 768 } },
  { name: "375×812", viewport: { width: 375, height: 812 } },
] as const;

const LIGHT_WORDS = { ok: "En verde", warn: "En ámbar", error: "En rojo", none: "Nada exigido" } as const;

/** Each light of a share card reads its count and percent, as the call answered. */
async function expectShare(page: Page, testId: string, share: LightShare) {
  const total = share.ok + share.warn + share.error + share.none;
  for (const light of ["ok", "warn", "error", "none"] as const) {
    const percent = total > 0 ? Math.round((100 * share[light]) / total) : 0;
    await expect(page.getByTestId(`${testId}-${light}`)).toHaveText(
      `${LIGHT_WORDS[light]}: ${share[light]} (${percent} %)`,
    );
  }
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoSideways(page: Page) {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
}

/** An administrator's call, logged in through the API. */
async function adminDashboard(page: Page): Promise<AdminDashboard> {
  const login = await page.request.post("/companies/users/login", {
    data: { email: DEMO.administrador.email, password: PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const res = await page.request.post("/companies/dashboard/administrador", {
    headers: { Authentication: `Bearer ${token}` },
    data: {},
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: AdminDashboard }).data;
}

/** `days` after today, as YYYY-MM-DD (Spain's date, which the server counts in, is today's here ± 1). */
function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

for (const width of WIDTHS) {
  test.describe(`the dashboards at ${width.name}`, () => {
    test.use({ viewport: width.viewport });
    // A document of the demo provider's that expires in ten days, under a definition of its own (not mandatory:
    // no one's duties change), so that 'Caducan en los próximos 30 días' has a row of this run to find.
    const tag = `${width.viewport.width}-${Date.now().toString(36).slice(-5)}`;
    const EXPIRING = { definition: `Seguro RC e2e ${tag}`, file: `seguro-rc-${tag}.pdf` };
    let colegio: Api;
    let definitionId: number;
    test.beforeAll(async ({ playwright }, info) => {
      const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
      colegio = await apiLogin(request, DEMO.colegio.email);
      const saved = await colegio.post<{ data: { id: number } }>("/document-require-definitions/add", {
        name: EXPIRING.definition,
        requirement_origin: 5,
        requirement_dest: 0,
        obsoletable: true,
      });
      definitionId = saved.data.id;
      const provider = await apiLogin(request, DEMO.gremio.email);
      await provider.upload(
        "/companies/documents/upload-defined-file",
        { id_definition: String(definitionId), obsolete: daysAhead(10) },
        EXPIRING.file,
        await makePdf(`Seguro ${tag}`),
      );
    });
    test.afterAll(async () => {
      await colegio.post(`/document-require-definitions/delete/${definitionId}`);
    });

    test("the colegio sees its figures as its call answers them, and a figure leads to its list", async ({ page }) => {
      test.setTimeout(90_000);
      const isPhoneWidth = width.viewport.width < 768;
      const post = await colegioApi(page.request);
      await page.goto("./#/login");
      await loginWith(page, DEMO.colegio.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));
      await openMenu(page, "Panel");
      await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
      await expect(page.getByTestId("providers-share")).toBeVisible();
      const data = (await post<{ data: ColegioDashboard }>("/companies/dashboard/colegio")).data;
      await expectShare(page, "providers-share", data.providers);
      await expectShare(page, "communities-share", data.communities);
      await expect(page.getByTestId("expiring-soon-figure")).toHaveText(String(data.expiring_soon));
      await expect(page.getByTestId("pending-validation-figure")).toHaveText(String(data.pending_validation));
      // Twelve months (table rows, or cards on a phone), the current one with today's share.
      await expect(page.locator('[data-testid^="trend-20"]')).toHaveCount(12);
      const current = data.trend.at(-1)!;
      expect(current.providers).not.toBeNull();
      await expect(page.getByTestId(`trend-${current.month}`)).toContainText(
        `${current.providers!.ok} / ${current.providers!.warn} / ${current.providers!.error} / ${current.providers!.none}`,
      );
      await expectNoSideways(page);
      await expectSoundPage(page, "the colegio's dashboard");

      // 'En ámbar' leads to the providers list with 'Ver solo docs pendientes' on.
      await page.getByTestId("providers-share-warn").getByRole("link").click();
      await expect(page).toHaveURL(/#\/admin\/proveedor\?docsRead=1$/);
      await expect(page.getByRole("checkbox", { name: "Ver solo docs pendientes" })).toBeChecked();

      await page.goBack();
      await expect(page.getByTestId("pending-validation")).toBeVisible();
      await page.getByRole("link", { name: "Ir a 'Validar documentos'" }).click();
      await expect(page).toHaveURL(/#\/documents\/mandatory$/);
      await expect(page.getByRole("heading", { level: 1, name: "Validar documentos" })).toBeVisible();

      // 'Caducan en los próximos 30 días' leads to 'Resumen de documentos': the same count, by definition, and
      // the list of them, narrowed to a definition by its count.
      await page.goBack();
      await page.getByRole("link", { name: "Ver los documentos que caducan" }).click();
      await expect(page).toHaveURL(/#\/documents\/summary$/);
      await expect(page.getByRole("heading", { level: 1, name: "Resumen de documentos" })).toBeVisible();
      const summary = (await post<{ data: ColegioDocumentsSummary }>("/companies/documents/colegio-summary")).data;
      expect(summary.expiring_soon).toBe(data.expiring_soon);
      await expect(page.getByTestId("summary-expiring")).toContainText(
        `${summary.expiring_soon} documento${summary.expiring_soon === 1 ? " vigente caduca" : "s vigentes caducan"}`,
      );
      await page
        .getByRole("button", { name: `Ver el documento de ${EXPIRING.definition} que caduca en 30 días` })
        .click();
      await expect(page).toHaveURL(new RegExp(`#/documents/summary\\?definicion=${definitionId}$`));
      const row = page.getByTestId(isPhoneWidth ? "expiring-card" : "expiring-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(EXPIRING.file);
      await expect(row).toContainText("Ascensores Levante S.L.");
      await expect(row).toContainText("Todas las comunidades");
      await expectNoSideways(page);
      await expectSoundPage(page, "the colegio's documents summary");
    });

    test("the administrator sees its communities by light and what expires soon, and reaches its list", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto("./#/login");
      await loginWith(page, DEMO.administrador.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.administrador.start}$`));
      await openMenu(page, "Panel");
      await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
      await expect(page.getByTestId("communities-share")).toBeVisible();
      const data = await adminDashboard(page);
      await expectShare(page, "communities-share", data.communities);
      await expect(page.getByTestId("expiring-count")).toBeVisible();
      await expectNoSideways(page);
      await expectSoundPage(page, "the administrator's dashboard");

      const total = data.communities.ok + data.communities.warn + data.communities.error + data.communities.none;
      const all = total === 1 ? "Ver la comunidad" : `Ver las ${total} comunidades`;
      await page.getByTestId("communities-share").getByRole("link", { name: all }).click();
      await expect(page).toHaveURL(/#\/comunidades\/index$/);
      await expect(page.getByRole("heading", { level: 1, name: "Comunidades" })).toBeVisible();
    });
  });
}

test.describe("/develop", () => {
  test("outside development: no menu entry, and the address goes to the start page", async ({ page }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));
    await expect(
      page.getByRole("navigation", { name: "Menú", exact: true }).getByRole("link", { name: "Desarrollo" }),
    ).toHaveCount(0);
    await page.goto("./#/develop");
    await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));
    expect(hashOf(page)).not.toContain("develop");
  });

  test("in development (as the server would say): the entry and the page", async ({ page }) => {
    await page.route(/\/app\/config(\?|$)/, (route) =>
      route.fulfill({ json: { result: true, data: { mailViewer: true, development: true, demo: true, smtp: false } } }),
    );
    await page.goto("./#/login");
    await loginWith(page, DEMO.administrador.email);
    await expect(page).toHaveURL(new RegExp(`#${DEMO.administrador.start}$`));
    await openMenu(page, "Desarrollo");
    await expect(page.getByRole("heading", { level: 1, name: "Desarrollo" })).toBeVisible();
    await expect(page.getByTestId("develop-version")).toContainText("1.10.07");
    await expect(page.getByTestId("develop-role")).toContainText("Administrador de fincas (15)");
    await expect(page.getByRole("link", { name: "Visor de correo de desarrollo" })).toHaveAttribute(
      "href",
      "#/dev/mail",
    );
    await expect(page.getByRole("link", { name: "Descripción de la API (OpenAPI)" })).toHaveAttribute(
      "href",
      "/api-docs/",
    );
    await expectSoundPage(page, "/develop");
  });
});
