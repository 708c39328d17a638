import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  acceptTerms,
  type CaughtMail,
  DEMO,
  expectAccessible,
  expectSoundPage,
  INVALID_LINK_TEXT,
  loginWith,
  logout,
  mailLink,
  NEW_PASSWORD,
  sendInvitation,
  setPassword,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

/*
 * WCAG 2.2 AA beyond the menus (issue 21 item 8; DESIGN §7): e2e/accessibility.spec.ts walks every menu entry;
 * this walks what only a link, a mail or a button reaches, at 1366×768 and at 375×812: the pages a mail links
 * to (an invitation, a password recovery, a change of e-mail, in each of their states), /dev/mail, a company's
 * users and a provider's detail, a porter's documents, the error page inside and outside the app and an unknown
 * address; and the dialogs of the busiest lists (add, import). Each page as it settles has one level-one heading,
 * one main landmark and no serious or critical axe-core violation; each dialog has its name and none either.
 * Then a list worked from the keyboard alone: Tab to a row's action, Enter opens its question, Escape closes it
 * and the focus is back on the action.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;
const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const PROVIDER_COMPANY = "Ascensores Levante S.L.";

/** The link of the mail that confirms a change of e-mail (`…/webapp/#/email-change?token=…`), for page.goto. */
function emailChangeLink(mail: CaughtMail): string {
  const match = /https?:\/\/\S+?\/webapp\/(#\/email-change\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no e-mail change link in '${mail.subject}'`);
  return `./${match[1]}`;
}

/** The dialog `name` opened by the button `opener`: named, settled, axe finds nothing serious in it; Escape closes it. */
async function expectSoundDialog(page: Page, opener: Locator, name: string) {
  await test.step(`dialog '${name}'`, async () => {
    await opener.click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    // Checked once it has faded in (a half-transparent dialog has no contrast to speak of).
    await expect(dialog).toHaveCSS("opacity", "1");
    await expect(dialog.locator(".mantine-Loader-root:visible")).toHaveCount(0);
    await expectAccessible(page, "[role='dialog']");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
}

/** Presses Tab (at most `limit` times) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `Tab reaches it within ${limit} presses`).toBeFocused();
}

/** Presses ArrowDown (at most `limit` times) until `target`, an entry of an open menu, has the focus. */
async function arrowTo(page: Page, target: Locator, limit = 10) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("ArrowDown");
  }
  await expect(target, `the arrows reach it within ${limit} presses`).toBeFocused();
}

/** The demo community's panel view `name`, by the address of its entry in the panel's menu. */
async function openPanelView(page: Page, name: string) {
  const entry = page.getByRole("navigation", { name: "Menú de la comunidad" }).getByRole("link", { name });
  const href = await entry.first().getAttribute("href");
  expect(href).toMatch(/^#\//);
  await page.goto(`./${href}`);
  await expect(entry.first()).toHaveAttribute("aria-current", "page");
}

for (const size of WIDTHS) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    const phone = size.width < 768;
    test.describe.configure({ timeout: 180_000 });

    test("the pages a mail links to: invitation, recovery, e-mail change, in each state; /dev/mail", async ({
      page,
    }) => {
      const email = uniqueEmail(`a11y-${size.width}`);
      await page.goto("./#/login");
      await loginWith(page, DEMO.colegio.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));
      await page.goto("./#/invitations");
      await sendInvitation(page, email, {
        name: `Fincas Accesibles ${size.width} S.L.`,
        type: "Administrador de fincas",
      });
      await logout(page);

      // The invitation: its form, then its end.
      const [invitation] = await waitForMail(email);
      await page.goto(mailLink(invitation!));
      await expect(page.getByRole("button", { name: "Establecer contraseña" })).toBeVisible();
      await expectSoundPage(page, "/invitation: the form");
      await setPassword(page);
      await page.getByRole("button", { name: "Establecer contraseña" }).click();
      await expect(page.getByText("Te has registrado correctamente")).toBeVisible();
      await expectSoundPage(page, "/invitation: done");

      // The recovery: asked for, then its link's form; and a link that is no good, of either kind.
      await page.goto("./#/recover");
      await page.getByLabel("Usuario o e-mail").fill(email);
      await page.getByRole("button", { name: "Enviar" }).click();
      await expect(page.getByText("Te hemos enviado un e-mail. Sigue las instrucciones.")).toBeVisible();
      await expectSoundPage(page, "/recover: sent");
      const mails = await waitForMail(email, 2);
      const recovery = mails.find((m) => m.subject === "Recuperación de contraseña de Coordina");
      expect(recovery).toBeDefined();
      await page.goto(mailLink(recovery!));
      await expect(page.getByRole("button", { name: "Establecer contraseña" })).toBeVisible();
      await expectSoundPage(page, "/recovery: the form");
      for (const path of ["/recovery", "/invitation"]) {
        await page.goto(`./#${path}?token=ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ`);
        await expect(page.getByText(INVALID_LINK_TEXT)).toBeVisible();
        await expectSoundPage(page, `${path}: a link that is no good`);
      }

      // The change of e-mail: asked for in 'Mis datos', confirmed from the mail, then the used link.
      await page.goto("./#/login");
      await loginWith(page, email, NEW_PASSWORD);
      await acceptTerms(page);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.administrador.start}$`));
      await page.goto("./#/my-data");
      const newEmail = uniqueEmail(`a11y-nuevo-${size.width}`);
      const field = page.getByRole("textbox", { name: "E-mail", exact: true });
      await expect(field).toHaveValue(email);
      await field.fill(newEmail);
      await field.press("Enter");
      await expect(page.getByTestId("my-data-saved")).toContainText("Datos guardados correctamente");
      const [confirmation] = await waitForMail(newEmail);
      await page.goto(emailChangeLink(confirmation!));
      await expect(page.getByTestId("email-change-done")).toContainText(`Tu e-mail de acceso es ahora ${newEmail}.`);
      await expectSoundPage(page, "/email-change: done");
      await page.reload();
      await expect(page.getByTestId("email-change-failed")).toBeVisible();
      await expectSoundPage(page, "/email-change: a used link");

      // /dev/mail: off here (mail goes out by SMTP), and as a demo without SMTP shows it, with a message open
      // (the server's answers stood in for: this installation never serves the outbox).
      await page.goto("./#/dev/mail");
      await expect(page.getByTestId("mail-viewer-off")).toBeVisible();
      await expectSoundPage(page, "/dev/mail: off");
      const row = {
        id: 1,
        to: newEmail,
        subject: "Invitación a Coordina",
        kind: "invitation",
        status: "sent",
        attempts: 1,
        created: new Date().toISOString(),
        sent_at: new Date().toISOString(),
      };
      await page.route(/\/app\/config$/, (route) =>
        route.fulfill({
          json: { result: true, data: { mailViewer: true, development: false, demo: true, smtp: false } },
        }),
      );
      await page.route(/\/dev\/mail\/messages$/, (route) => route.fulfill({ json: { result: true, data: [row] } }));
      await page.route(/\/dev\/mail\/messages\/1$/, (route) =>
        route.fulfill({
          json: {
            result: true,
            // Its text only: axe-core cannot run inside the sandboxed frame (no scripts) that shows a mail's HTML.
            data: { ...row, text: invitation!.text, html: "" },
          },
        }),
      );
      await page.reload();
      await page.getByRole("button", { name: "Invitación a Coordina" }).click();
      await expect(page.getByTestId("mail-message")).toBeVisible();
      await expectSoundPage(page, "/dev/mail: a message open");
    });

    test("the colegio: a company's users, a provider's detail, and the dialogs of its lists", async ({ page }) => {
      await page.goto("./#/login");
      await loginWith(page, DEMO.colegio.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));

      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Seleccionar" }).first().click();
      await expect(page).toHaveURL(/#\/admin\/administradores\/\d+\/users$/);
      await expectSoundPage(page, "a company's users");

      await page.goto("./#/admin/proveedor");
      await expect(page.getByRole("heading", { level: 1, name: "Proveedores" })).toBeVisible();
      for (const [button, dialog] of [
        ["Importar Excel", "Importar proveedores desde Excel"],
        ["Añadir", "Invitar a una compañía"],
        ["Añadir por NIF", "Añadir proveedor por NIF"],
        ["Alta completa", "Alta completa de proveedor"],
      ] as const)
        await expectSoundDialog(page, main.getByRole("button", { name: button, exact: true }), dialog);

      await main.getByRole("link", { name: PROVIDER_COMPANY }).first().click();
      await expect(page).toHaveURL(/#\/admin\/proveedor\/(\d+)\/users\/\1$/);
      await expect(page.getByRole("heading", { level: 1, name: PROVIDER_COMPANY })).toBeVisible();
      await expectSoundPage(page, "a provider: its users");
      const sections = page.getByRole("navigation", { name: "Secciones del proveedor" });
      for (const section of ["Docs generales", "Comunidades"]) {
        await sections.getByRole("link", { name: section }).click();
        await expect(sections.getByRole("link", { name: section })).toHaveAttribute("aria-current", "page");
        await expectSoundPage(page, `a provider: ${section}`);
      }
    });

    test("the administrator: the dialogs of its lists, a porter's documents, and a list from the keyboard", async ({
      page,
    }) => {
      await page.goto("./#/login");
      await loginWith(page, DEMO.administrador.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.administrador.start}$`));
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: COMMUNITY, exact: true }).first()).toBeVisible();

      for (const [button, dialog] of [
        ["Añadir", "Añadir Comunidad"],
        ["Alta completa", "Alta completa de comunidad"],
        ["Importar comunidades", "Importar comunidades desde Excel"],
        ["Importar proveedores", "Importar los proveedores de cada comunidad desde Excel"],
      ] as const)
        await expectSoundDialog(page, main.getByRole("button", { name: button, exact: true }), dialog);

      // The keyboard alone: Tab to a row's action (on a phone's card, in its '…' menu, opened with Enter and
      // walked with the arrows), Enter asks its question, Escape closes it, and the focus is back where it was.
      await page.reload();
      const remove = main.getByRole("button", { name: "Borrar comunidad" }).first();
      const more = main.getByRole("button", { name: `Más acciones: ${COMMUNITY}` });
      const start = phone ? more : remove;
      await expect(start).toBeVisible();
      await tabTo(page, start);
      await page.keyboard.press("Enter");
      if (phone) {
        const entry = page.getByRole("menuitem", { name: "Borrar comunidad" });
        await expect(entry).toBeVisible();
        await arrowTo(page, entry);
        await page.keyboard.press("Enter");
      }
      const question = page.getByRole("dialog");
      await expect(question).toBeVisible();
      await expect(question).toContainText("¿");
      await page.keyboard.press("Escape");
      await expect(question).toBeHidden();
      await expect(start).toBeFocused();

      // A community's providers, with the picker that adds one; a porter's documents.
      await main.getByRole("link", { name: COMMUNITY, exact: true }).first().click();
      await openPanelView(page, "Proveedores");
      await expectSoundPage(page, "a community's providers");
      await expectSoundDialog(page, main.getByRole("button", { name: "Añadir Proveedor" }), "Añadir Proveedor");
      await openPanelView(page, "Porteros");
      await main.getByRole("button", { name: `Ver documentos de ${DEMO.portero.email}` }).click();
      await expect(page).toHaveURL(/\/porteros\/portero/);
      await expectSoundPage(page, "a porter's documents");
    });

    test("the error page, inside the app and outside it; an unknown address", async ({ page }) => {
      // A page whose code cannot be downloaded (a new version deployed, the network gone) shows the error page.
      await page.route(/\/assets\/RecoverPage-[^/]*\.js$/, (route) => route.abort("failed"));
      await page.goto("./#/recover");
      await expect(
        page.getByRole("heading", { level: 1, name: "Algo ha fallado al mostrar esta página." }),
      ).toBeVisible();
      await expectSoundPage(page, "the error page without the app");

      await page.goto("./#/login");
      await loginWith(page, DEMO.colegio.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));
      await page.route(/\/assets\/ActivitiesPage-[^/]*\.js$/, (route) => route.abort("failed"));
      await page.goto("./#/admin/actividades");
      await expect(
        page.getByRole("heading", { level: 1, name: "Algo ha fallado al mostrar esta página." }),
      ).toBeVisible();
      await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
      await expectSoundPage(page, "the error page in the app");

      // An address that is no page leads to the start page.
      await page.goto("./#/no-existe");
      await expect(page).toHaveURL(new RegExp(`#${DEMO.colegio.start}$`));
      await expectSoundPage(page, "an unknown address");
    });
  });
}
