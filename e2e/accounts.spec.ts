import { expect, test } from "@playwright/test";
import {
  acceptTerms,
  completePorterSignUp,
  DEMO,
  expectAccessible,
  hashOf,
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

test.describe("invitations", () => {
  test("the colegio invites an administrator, who sets a password, accepts the terms and lands on its start page", async ({
    page,
  }) => {
    const email = uniqueEmail("administradora");
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await openMenu(page, "Invitaciones");
    await page.getByRole("button", { name: "Añadir" }).click();
    const modal = page.getByRole("dialog");
    // The colegio may create administrators and providers; the first is preselected.
    await expect(modal.getByRole("radio", { name: "Administrador de fincas" })).toBeChecked();
    await expect(modal.getByRole("radio", { name: "Proveedor" })).toBeVisible();
    const send = modal.getByRole("button", { name: "Enviar" });
    await modal.getByLabel("Nombre de la compañía").fill("Fincas del Retiro S.L.");
    await modal.getByLabel("E-mail del gestor").fill("no-es-un-email");
    await expect(send).toBeDisabled();
    await modal.getByLabel("E-mail del gestor").fill(email);
    await send.click();
    await expect(modal.getByText("Invitación enviada correctamente")).toBeVisible();
    await modal.getByRole("button", { name: "Terminar" }).click();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText("Pendiente");

    // Inviting the same person twice is refused with the server's reason.
    await page.getByRole("button", { name: "Añadir" }).click();
    await modal.getByLabel("Nombre de la compañía").fill("Otra S.L.");
    await modal.getByLabel("E-mail del gestor").fill(DEMO.gremio.email);
    await modal.getByRole("button", { name: "Enviar" }).click();
    await expect(modal.getByText("Error al enviar invitación. Si el problema persiste contactenos")).toBeVisible();
    await expect(modal.getByText("El usuario ya existe. No puede invitarlo")).toBeVisible();
    await page.keyboard.press("Escape");
    await logout(page);

    // The mail arrives; its link opens the invitation page.
    const [mail] = await waitForMail(email);
    expect(mail!.subject).toBe("Invitación a Coordina");
    await page.goto(mailLink(mail!));
    await expect(page.getByText(email)).toBeVisible();
    await setPassword(page, "debil");
    await page.getByRole("button", { name: "Establecer contraseña" }).click();
    await expect(page.getByText(/La contraseña debe tener al menos 8 caracteres/).first()).toBeVisible();
    await setPassword(page);
    await page.getByRole("button", { name: "Establecer contraseña" }).click();
    await expect(page.getByText("Te has registrado correctamente")).toBeVisible();
    await page.getByRole("button", { name: "Acceder al sitio" }).click();

    await loginWith(page, email, NEW_PASSWORD);
    const terms = page.getByRole("dialog", { name: "Condiciones de uso para administradores de fincas" });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText("30 de enero de 2024");
    await expect(terms.getByRole("button", { name: "Aceptar" })).toBeDisabled();
    // The terms page a newcomer sees first: its one level-one heading, its main landmark, axe clean.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText([
      "Condiciones de uso para administradores de fincas",
    ]);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expectAccessible(page);
    await acceptTerms(page);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    await expect(page.getByTestId("current-colegio")).toHaveText("Colegio de Administradores de Fincas de Madrid");

    // The invitation is now accepted in the colegio's list; the used link no longer works.
    await page.goto(mailLink(mail!));
    await expect(page.getByText(INVALID_LINK_TEXT)).toBeVisible();
  });

  test("an administrator invites a porter, who completes the full sign-up", async ({ page }) => {
    const email = uniqueEmail("portero");
    await page.goto("./#/login");
    await loginWith(page, DEMO.administrador.email);
    await openMenu(page, "Invitaciones");
    await sendInvitation(page, email, { name: "Pedro Sánchez Ruiz", type: "Portero", preselected: true });
    await logout(page);

    const [mail] = await waitForMail(email);
    await page.goto(mailLink(mail!));
    await setPassword(page);
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page.getByText("Debes introducir este valor").first()).toBeVisible();
    await completePorterSignUp(page);
    await loginWith(page, email, NEW_PASSWORD);
    // Porters go straight on (no legal notice).
    await expect(page).toHaveURL(/#\/porteros\/comunidades\/main$/);
  });

  test("an invalid link shows the spec's text and offers to retry", async ({ page }) => {
    await page.goto("./#/invitation?token=ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ");
    await expect(page.getByText(INVALID_LINK_TEXT)).toBeVisible();
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect(page).toHaveURL(/#\/recover$/);
  });
});

test.describe("provider self-registration", () => {
  test("a provider registers, chooses a password, accepts the terms and starts", async ({ page }) => {
    await page.goto("./#/login");
    await page.getByRole("link", { name: /Regístrate/ }).click();
    await expect(page).toHaveURL(/#\/registry$/);
    await expect(page.getByText("Registrate en la plataforma").first()).toBeVisible();

    // Checked in the browser before anything is sent.
    let sent = false;
    page.on("request", (r) => {
      if (r.url().includes("register-provider")) sent = true;
    });
    await page.getByLabel("E-mail", { exact: true }).fill("uno@coordina.test");
    await page.getByLabel("Confirma el e-mail").fill("otro@coordina.test");
    await page.getByLabel("CIF/NIF").fill("B12");
    await page.getByRole("button", { name: "Regístrate" }).click();
    await expect(page.getByText("No son emails iguales")).toBeVisible();
    await expect(page.getByText("Debe introducir nombre")).toBeVisible();
    await expect(page.getByText("Debe introducir un cif correcto")).toBeVisible();
    expect(sent).toBe(false);

    const email = await registerProvider(page, "Jardines del Sur S.L.");
    await page.getByRole("button", { name: "Acceder al sitio" }).click();
    await loginWith(page, email, NEW_PASSWORD);
    await expect(page.getByRole("dialog", { name: "Condiciones de uso para proveedores" })).toBeVisible();
    await acceptTerms(page);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
  });

  test("cancelling the terms goes back to the login page", async ({ page }) => {
    const email = await registerProvider(page, "Fontanería Centro S.L.");
    await page.getByRole("button", { name: "Acceder al sitio" }).click();
    await loginWith(page, email, NEW_PASSWORD);
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(/#\/login$/);
    // Nothing of the app is reachable without accepting.
    await page.goto("./#/my-data");
    expect(hashOf(page)).toBe("/login");
  });
});

test.describe("forgotten password", () => {
  test("recover by e-mail, set a new password, sign in; the used link is refused", async ({ page }) => {
    const email = await registerProvider(page, "Electricidad Norte S.L.");
    await page.goto("./#/login");
    await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
    await expect(page).toHaveURL(/#\/recover$/);
    await expect(page.getByText("Recuperación de contraseña").first()).toBeVisible();
    await page.getByLabel("Usuario o e-mail").fill("no-es-email");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("El email no es correcto")).toBeVisible();

    // An unknown address gets the very answer a registered one gets: nobody learns who has an account.
    await page.getByLabel("Usuario o e-mail").fill("nadie@coordina.test");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Te hemos enviado un e-mail. Sigue las instrucciones.")).toBeVisible();
    await expect(page.getByText(/Si ese e-mail es el de una cuenta de la plataforma/)).toBeVisible();
    await page.getByRole("button", { name: "Reintentar" }).click();

    await page.getByLabel("Usuario o e-mail").fill(email);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Te hemos enviado un e-mail. Sigue las instrucciones.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
    await expect(page.getByLabel("Usuario o e-mail")).toHaveValue("");

    const mails = await waitForMail(email, 2);
    const recovery = mails.find((m) => m.subject === "Recuperación de contraseña de Coordina")!;
    await page.goto(mailLink(recovery));
    await page.getByLabel("Contraseña", { exact: true }).fill("Otra-Clave-2026!");
    await page.getByLabel("Repite la contraseña").fill("Otra-Clave-2026?");
    await page.getByRole("button", { name: "Establecer contraseña" }).click();
    await expect(page.getByText("Las contraseñas no son iguales")).toBeVisible();
    await setPassword(page, "Otra-Clave-2026!");
    await page.getByRole("button", { name: "Establecer contraseña" }).click();
    await expect(page.getByText("Tu contraseña ha sido cambiada correctamente")).toBeVisible();
    await page.getByRole("button", { name: "Acceder al sitio" }).click();
    await loginWith(page, email, "Otra-Clave-2026!");
    await expect(page).toHaveURL(/#\/legal$/);

    await page.goto(mailLink(recovery));
    await expect(page.getByText(INVALID_LINK_TEXT)).toBeVisible();
  });
});
