import { expect, type Page, test } from "@playwright/test";
import {
  acceptTerms,
  type CaughtMail,
  DEMO,
  INVALID_LINK_TEXT,
  loginWith,
  logout,
  mailLink,
  NEW_PASSWORD,
  openMenu,
  registerProvider,
  sendInvitation,
  setPassword,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

/** The link of the mail that confirms a change of e-mail (`…/webapp/#/email-change?token=…`), for page.goto. */
function emailChangeLink(mail: CaughtMail): string {
  const match = /https?:\/\/\S+?\/webapp\/(#\/email-change\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no e-mail change link in '${mail.subject}'`);
  return `./${match[1]}`;
}

/** The page fits its width: nothing scrolls sideways (DESIGN.md §7, 1366×768 and 375×812). */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];

test.describe("Mis datos", () => {
  test("a provider changes its e-mail: checked, refused when taken, confirmed from the new address, then signs in with it", async ({
    page,
  }) => {
    const oldEmail = await registerProvider(page, "Cerrajería Arganzuela S.L.");
    await page.getByRole("button", { name: "Acceder al sitio" }).click();
    await loginWith(page, oldEmail, NEW_PASSWORD);
    await acceptTerms(page);
    await openMenu(page, "Mis datos");
    await expect(page).toHaveURL(/#\/my-data$/);
    await expect(page.getByTestId("my-company")).toContainText("Cerrajería Arganzuela S.L.");

    const field = page.getByRole("textbox", { name: "E-mail", exact: true });
    const save = page.getByRole("button", { name: "Guardar" });
    await expect(field).toHaveValue(oldEmail);
    await field.fill("sin-arroba");
    await save.click();
    await expect(page.getByText("El email no tiene un formato válido")).toBeVisible();

    await field.fill(DEMO.gremio.email);
    await save.click();
    const refused = page.getByTestId("my-data-not-saved");
    await expect(refused).toContainText("No se pudieron guardar los datos");
    await expect(refused).toContainText("Ya existe otro usuario con ese e-mail.");

    // Saved from the keyboard: the request is recorded, the e-mail does not change yet.
    const newEmail = uniqueEmail("cerrajeria");
    await field.fill(newEmail);
    await field.press("Enter");
    const saved = page.getByTestId("my-data-saved");
    await expect(saved).toContainText("Datos guardados correctamente");
    await expect(saved).toContainText(
      `Te hemos enviado un e-mail a ${newEmail} con un enlace para confirmar el cambio.`,
    );
    await expect(saved).toContainText(`Tu e-mail de acceso seguirá siendo ${oldEmail} hasta que lo abras`);
    await expect(field).toHaveValue(oldEmail);

    // The link goes to the new address only; the old one is told, without it.
    const [confirmation] = await waitForMail(newEmail);
    expect(confirmation!.subject).toBe("Confirma tu nuevo e-mail de acceso a Coordina");
    const link = emailChangeLink(confirmation!);
    const notices = await waitForMail(oldEmail, 2);
    const notice = notices.find((m) => m.subject === "Petición de cambio de tu e-mail de acceso a Coordina");
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain("token=");

    // Back on the page later, at both widths, it still says the change waits for its link.
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.getByTestId("my-data-pending")).toContainText(
        `Hemos enviado un enlace a ${newEmail}. Tu e-mail de acceso cambiará cuando lo abras`,
      );
      await expect(field).toHaveValue(oldEmail);
      await expectNoSideScroll(page);
    }

    // The link opened in this browser (on a phone's width), still logged in: confirmed on load; this
    // session has ended.
    await page.goto(link);
    const done = page.getByTestId("email-change-done");
    await expect(done).toContainText(`Tu e-mail de acceso es ahora ${newEmail}.`);
    await expect(done).toContainText("Por seguridad se han cerrado las sesiones abiertas");
    await expectNoSideScroll(page);
    const goOn = page.getByRole("button", { name: "Acceder al sitio" });
    await page.keyboard.press("Tab");
    await expect(goOn).toBeFocused();
    await page.keyboard.press("Enter");
    // The login page (not the start page): this browser no longer holds the ended session.
    await expect(page).toHaveURL(/#\/login$/);
    const told = await waitForMail(oldEmail, 3);
    expect(told.map((m) => m.subject)).toContain("Tu e-mail de acceso a Coordina ha cambiado");
    expect((await waitForMail(newEmail, 2)).map((m) => m.subject)).toContain(
      "Tu e-mail de acceso a Coordina ha cambiado",
    );

    // The new e-mail is the login from now on; the old one no longer opens the account.
    await page.setViewportSize(WIDTHS[0]!);
    await loginWith(page, oldEmail, NEW_PASSWORD);
    const error = page.getByRole("dialog", { name: "Error" });
    await expect(error).toContainText("El e-mail o la contraseña no son correctos.");
    await error.getByRole("button", { name: "Aceptar" }).click();
    await loginWith(page, newEmail, NEW_PASSWORD);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    await openMenu(page, "Mis datos");
    await expect(field).toHaveValue(newEmail);
    await expect(page.getByTestId("my-data-pending")).toHaveCount(0);

    // The link works once, at either width (opened afresh, as from the mail).
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(link);
      await page.reload();
      await expect(page.getByTestId("email-change-failed")).toContainText(
        "El enlace para confirmar el cambio de e-mail ha caducado o no es válido.",
      );
      await expectNoSideScroll(page);
    }
  });
});

test.describe("invitations list", () => {
  test("the colegio finds an invitation, resends it and cancels it; the cancelled link stops working", async ({
    page,
  }) => {
    const email = uniqueEmail("reenvio");
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await openMenu(page, "Invitaciones");
    await sendInvitation(page, email, { name: "Ascensores Prado S.L.", type: "Proveedor" });

    // The search (debounced) narrows the list to this invitation.
    await page.getByRole("textbox", { name: "Buscar" }).fill(email);
    const rows = page.getByRole("row").filter({ hasText: "@" });
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText("Ascensores Prado S.L.");
    await expect(row).toContainText("Proveedor");
    await expect(row).toContainText("Pendiente");

    const [first] = await waitForMail(email);
    await row.getByRole("button", { name: `Reenviar: ${email}`, exact: true }).click();
    await expect(page.getByTestId("invitations-notice")).toHaveText(`Invitación reenviada a ${email}`);
    const both = await waitForMail(email, 2);
    // The resent mail carries a new link; the first one was replaced.
    const second = both.find((m) => mailLink(m) !== mailLink(first!))!;
    expect(second).toBeDefined();

    await row.getByRole("button", { name: `Cancelar invitación: ${email}`, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Cancelar invitación" });
    await expect(confirm).toContainText(email);
    await confirm.getByRole("button", { name: "Cancelar invitación" }).click();
    await expect(page.getByTestId("invitations-notice")).toHaveText(`Invitación a ${email} cancelada`);
    await expect(row).toContainText("Cancelada");
    await expect(row.getByRole("button", { name: `Reenviar: ${email}`, exact: true })).toHaveCount(0);
    await logout(page);

    for (const mail of [first!, second]) {
      await page.goto(mailLink(mail));
      await expect(page.getByText(INVALID_LINK_TEXT)).toBeVisible();
    }
  });
});

test.describe("users of a company", () => {
  test("an administrator adds a colleague, who joins the company and appears in its users list", async ({ page }) => {
    const email = uniqueEmail("companera");
    await page.goto("./#/login");
    await loginWith(page, DEMO.administrador.email);
    await openMenu(page, "Usuarios");
    await expect(page).toHaveURL(/#\/users$/);
    await expect(page.getByRole("row", { name: new RegExp(DEMO.administrador.email) })).toContainText("Gestor");

    await sendInvitation(page, email);
    // Not a user until the invitation is accepted.
    await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);
    await logout(page);

    const [mail] = await waitForMail(email);
    await page.goto(mailLink(mail!));
    await setPassword(page);
    await page.getByRole("button", { name: "Establecer contraseña" }).click();
    await expect(page.getByText("Te has registrado correctamente")).toBeVisible();
    await page.getByRole("button", { name: "Acceder al sitio" }).click();
    await loginWith(page, email, NEW_PASSWORD);
    // Each person accepts the terms for themselves.
    await acceptTerms(page);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    await openMenu(page, "Usuarios");
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Activo");
    await expect(page.getByRole("row", { name: new RegExp(DEMO.administrador.email) })).toBeVisible();

    // Sorting by e-mail is done by the server and flips on a second click.
    const header = page.getByRole("columnheader", { name: "E-mail" });
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    const emails = () => page.getByRole("row").filter({ hasText: "@" }).allInnerTexts();
    const ascending = await emails();
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect.poll(emails).toEqual([...ascending].reverse());
  });
});
