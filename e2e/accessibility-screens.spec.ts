import { expect, type Page, test } from "@playwright/test";
import {
  acceptTerms,
  colegioApi,
  DEMO,
  dropFile,
  expectAccessible,
  expectSoundPage,
  loginWith,
  logout,
  makePdf,
  NEW_PASSWORD,
  openMenu,
  registerProvider,
} from "./fixtures";

/*
 * WCAG 2.2 AA on the screens and dialogs only a row, an upload or a request reaches (issue 21 item 8; DESIGN
 * §7), at 1366×768 and at 375×812: an administrator's view of one porter (/admin-fincas/porteros/{id}) and of
 * one provider in its community (…/proveedores/{id}); the provider's reading view of its community
 * (gremio/docs-finca); the colegio's 'Documentos de {comunidad}' dialog of a provider; the expiry dialog that
 * reopens by itself for the uploader of a document whose definition requires an expiry date; the legal notice
 * (/legal) of a newly registered provider; and the colegio's question before declining an inclusion request.
 * Each page as it settles has one level-one heading, one main landmark and no serious or critical axe-core
 * violation; each dialog, once it has faded in, has none either.
 *
 * This runs before the other journeys, on the demo world: what it adds is named per run and width and goes
 * again (the definitions, and their documents with them), or stays outside the demo colegio (the providers
 * whose requests it declines).
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;
/** The demo world (apps/server seed). */
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER = "Ascensores Levante S.L.";
const MADRID = "Colegio de Administradores de Fincas de Madrid";
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
/** Requirement values (spec 02 §3). */
const PROVIDER_REQ = 5;

/** The open dialog `name`, once it has faded in and settled: axe finds nothing serious or critical in it. */
async function expectSoundDialog(page: Page, name: string) {
  await test.step(`dialog '${name}'`, async () => {
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    // A half-transparent dialog has no contrast to speak of: checked once it is opaque.
    await expect(dialog).toHaveCSS("opacity", "1");
    await expect(dialog.locator(".mantine-Loader-root:visible")).toHaveCount(0);
    await expectAccessible(page, "[role='dialog']");
  });
}

async function loginAs(page: Page, who: keyof typeof DEMO) {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}`));
}

for (const size of WIDTHS) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: 120_000 });
    const named = (what: string) => `${what} ${tag}-${size.width}`;

    test("the administrator: one porter's communities, one provider in its community", async ({ page }) => {
      await loginAs(page, "administrador");
      await page.goto("./#/admin-fincas/porteros/-1");
      const main = page.getByRole("main");
      const show = main
        .getByRole("button", { name: /^Ver las comunidades de / })
        .or(main.getByRole("link", { name: /^Ver las comunidades de / }));
      await show.first().click();
      await expect(page).toHaveURL(/#\/admin-fincas\/porteros\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: /^Comunidades de / })).toBeVisible();
      await expectSoundPage(page, "/admin-fincas/porteros/{id}");

      await page.goto(`./#${DEMO.administrador.start}`);
      await main.getByRole("link", { name: COMMUNITY, exact: true }).first().click();
      const providers = page.getByRole("navigation", { name: "Menú de la comunidad" }).getByRole("link", {
        name: "Proveedores",
      });
      await page.goto(`./${await providers.first().getAttribute("href")}`);
      await main.getByRole("button", { name: `Ver documentos de ${PROVIDER}` }).click();
      await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: COMMUNITY })).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { name: PROVIDER })).toBeVisible();
      await expectSoundPage(page, "a provider in its community");
    });

    test("the colegio: a provider's documents in one community, in their dialog", async ({ page }) => {
      await loginAs(page, "colegio");
      await openMenu(page, "Proveedores");
      await page.getByRole("main").getByRole("link", { name: PROVIDER }).first().click();
      await expect(page).toHaveURL(/#\/admin\/proveedor\/\d+\//);
      await page
        .getByRole("navigation", { name: "Secciones del proveedor" })
        .getByRole("link", { name: "Comunidades" })
        .click();
      await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/comunidades\/\1$/);
      await page
        .getByRole("main")
        .getByRole("button", { name: `Ver documentos de ${COMMUNITY}` })
        .first()
        .click();
      await expectSoundDialog(page, `Documentos de ${COMMUNITY}`);
    });

    test("the provider: its community's documents to read, and the expiry dialog that comes back", async ({
      page,
      request,
    }) => {
      const post = await colegioApi(request);
      const definition = named("Certificado con caducidad");
      const saved = await post<{ data: { id: number } }>("/document-require-definitions/add", {
        name: definition,
        requirement_origin: PROVIDER_REQ,
        obsoletable: true,
      });
      try {
        await loginAs(page, "gremio");
        await page.getByRole("main").getByRole("link", { name: COMMUNITY, exact: true }).first().click();
        const reading = page.getByRole("navigation", { name: "Menú de la comunidad" }).getByRole("link", {
          name: "Documentos de la comunidad",
        });
        await page.goto(`./${await reading.first().getAttribute("href")}`);
        await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/gremio\/docs-finca$/);
        await expectSoundPage(page, "gremio/docs-finca");

        // A document whose definition requires an expiry date, uploaded without one: the edit dialog opens,
        // and opens again by itself after a reload.
        await openMenu(page, "Documentos generales");
        const box = page.getByTestId("definition-box").filter({ hasText: definition });
        await dropFile(
          page,
          box.getByTestId("upload-area"),
          `certificado-${size.width}.pdf`,
          await makePdf(definition),
        );
        const dialog = page.getByRole("dialog", { name: "Editar documento" });
        await expect(dialog).toContainText("Fecha de caducidad obligatoria");
        await page.reload();
        await expect(dialog).toContainText("Fecha de caducidad obligatoria");
        await expectSoundDialog(page, "Editar documento");
      } finally {
        // The definition goes, and its document with it: later journeys see the demo world again.
        await post(`/document-require-definitions/delete/${saved.data.id}`);
      }
    });

    test("a new provider: the legal notice; the colegio's question before declining its request", async ({ page }) => {
      const company = named("Reformas Rechazadas");
      const email = await registerProvider(page, `${company} S.L.`);
      await page.getByRole("button", { name: "Acceder al sitio" }).click();
      await loginWith(page, email, NEW_PASSWORD);
      await expect(page).toHaveURL(/#\/legal$/);
      await expect(page.getByRole("dialog")).toHaveCSS("opacity", "1");
      await expectSoundPage(page, "/legal");
      await acceptTerms(page);
      await expect(page).toHaveURL(/#\/comunidades\/index$/);

      // It asks the demo colegio to include it.
      await openMenu(page, "Tareas pendientes");
      const notice = page.getByTestId("no-colegio");
      await notice.getByRole("button", { name: "Solicitar inclusión" }).click();
      const ask = page.getByRole("dialog", { name: "Solicitar inclusión en un colegio" });
      await ask.getByRole("combobox", { name: "Colegio" }).click();
      await page.getByRole("option", { name: MADRID }).click();
      await ask.getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(ask).toBeHidden();
      await expect(notice.getByTestId("inclusion-request")).toContainText(`Enviada a ${MADRID}`);
      await logout(page);

      // The colegio declines it, after a question.
      await loginWith(page, DEMO.colegio.email);
      await openMenu(page, "Proveedores");
      const requests = page.getByRole("region", { name: "Solicitudes de inclusión" });
      await requests.getByRole("button", { name: `Rechazar la solicitud de ${company} S.L.` }).click();
      await expectSoundDialog(page, "Rechazar la solicitud");
      await page
        .getByRole("dialog", { name: "Rechazar la solicitud" })
        .getByRole("button", { name: "Rechazar" })
        .click();
      await expect(page.getByText(`Has rechazado la solicitud de «${company} S.L.».`, { exact: false })).toBeVisible();
    });
  });
}
