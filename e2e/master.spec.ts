import { expect, type Page, test } from "@playwright/test";
import { acceptInvitation, DEMO, loginWith, logout, NEW_PASSWORD, openMenu, uniqueEmail } from "./fixtures";

const DEMO_COLEGIO = { name: "Colegio de Administradores de Fincas de Madrid", cif: "Q2863006I" };

/** Opens the master's invitation form from the colegios list. */
async function openInvite(page: Page) {
  await page.getByRole("button", { name: "Añadir" }).click();
  const modal = page.getByRole("dialog", { name: "Invitar a un colegio" });
  await expect(modal).toBeVisible();
  return modal;
}

/** Narrows the colegios list (debounced search) to the one named. */
async function findColegio(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Buscar" }).fill(name);
  await expect(page.getByRole("row").filter({ hasText: DEMO_COLEGIO.name })).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe("a colegio invited by the master", () => {
  // One colegio through both journeys; each logs in several times, which is slow on a busy machine.
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  const email = uniqueEmail("colegio-galicia");
  const name = `Colegio de Administradores de Fincas de Galicia ${Date.now().toString(36)}`;

  test("is invited with the region of Galicia; once its manager accepts, its flag shows in the list and lights the dashboard", async ({
    page,
  }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.master.email);
    await expect(page).toHaveURL(/#\/master\/colegios$/);
    await expect(page.getByRole("heading", { level: 1, name: "Colegios" })).toBeVisible();

    // The demo colegio, with its manager and the flag of its region; editing is not offered yet.
    const demo = page.getByRole("row").filter({ hasText: DEMO_COLEGIO.name });
    await expect(demo).toContainText(DEMO_COLEGIO.cif);
    await expect(demo).toContainText(DEMO.colegio.email);
    await expect(demo.getByRole("img", { name: "Comunidad de Madrid" })).toBeVisible();
    await expect(demo.getByRole("button", { name: "Editar" })).toBeDisabled();
    await expect(demo.getByRole("button", { name: `Desactivar: ${DEMO_COLEGIO.name}`, exact: true })).toBeEnabled();

    // 'Enviar' waits for a name and a valid e-mail; the region is optional.
    const modal = await openInvite(page);
    const send = modal.getByRole("button", { name: "Enviar" });
    await expect(modal).toContainText("El colegio no existirá hasta que acepte la invitación.");
    await expect(send).toBeDisabled();
    await modal.getByLabel("Nombre del colegio").fill(name);
    await modal.getByLabel("E-mail del gestor").fill("sin-arroba");
    await expect(send).toBeDisabled();
    await modal.getByLabel("E-mail del gestor").fill(`  ${email} `);
    await expect(send).toBeEnabled();
    await modal.getByRole("combobox", { name: "Comunidad autónoma" }).click();
    await page.getByRole("option", { name: "Galicia", exact: true }).click();
    await expect(modal.getByRole("combobox", { name: "Comunidad autónoma" })).toHaveValue("Galicia");
    await send.click();
    await expect(modal.getByTestId("master-invite-sent")).toHaveText(
      "Invitación enviada correctamente. El colegio existirá cuando el gestor acepte la invitación.",
    );
    await modal.getByRole("button", { name: "Terminar" }).click();
    await expect(modal).toBeHidden();
    // Not a colegio until the invitation is accepted.
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await logout(page);

    // The manager accepts and enters as the new colegio.
    await acceptInvitation(page, email);
    await loginWith(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/#\/admin\/administradores$/);
    await logout(page);

    // Back as master: the colegio is listed with its manager and the flag of Galicia.
    await loginWith(page, DEMO.master.email);
    const row = await findColegio(page, name);
    await expect(row).toContainText(email);
    await expect(row.getByRole("img", { name: "Galicia" })).toBeVisible();

    // The dashboard lights Galicia with the colegio's name; Aragón stays grey.
    await openMenu(page, "Panel");
    await expect(page).toHaveURL(/#\/master\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
    const galicia = page.getByRole("region", { name: "Galicia" });
    await expect(galicia).toHaveAttribute("data-active", "true");
    await expect(galicia).toContainText("Con colegio activo");
    await expect(galicia.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);
    await expect(galicia.getByRole("img", { name: "Galicia" })).toBeVisible();
    const madrid = page.getByRole("region", { name: "Comunidad de Madrid" });
    await expect(madrid).toHaveAttribute("data-active", "true");
    await expect(madrid).toContainText(DEMO_COLEGIO.name);
    const aragon = page.getByRole("region", { name: "Aragón" });
    await expect(aragon).toHaveAttribute("data-active", "false");
    await expect(aragon).toContainText("Sin colegio");
    await expect(page.getByRole("region")).toHaveCount(18);
    await expect(page.getByTestId("master-dashboard-summary")).toHaveText(
      /^([2-9]|1[0-8]) de 18 comunidades con colegio activo$/,
    );
  });

  test("is deactivated after confirming: it leaves the dashboard and its manager cannot log in until it is activated again", async ({
    page,
  }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.master.email);
    const row = await findColegio(page, name);
    await row.getByRole("button", { name: `Desactivar: ${name}`, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Desactivar colegio" });
    await expect(confirm).toContainText(name);
    await confirm.getByRole("button", { name: "Desactivar" }).click();
    await expect(page.getByTestId("master-colegios-notice")).toHaveText(`Colegio ${name} desactivado`);
    await expect(row).toContainText("Desactivado");
    await expect(row.getByRole("button", { name: `Activar: ${name}`, exact: true })).toBeVisible();
    await openMenu(page, "Panel");
    const galicia = page.getByRole("region", { name: "Galicia" });
    await expect(galicia.getByRole("img", { name: "Galicia" })).toBeVisible();
    await expect(galicia.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
    await logout(page);

    await loginWith(page, email, NEW_PASSWORD);
    const error = page.getByRole("dialog", { name: "Error" });
    await expect(error).toContainText("Tu cuenta está desactivada. Contacta con tu colegio.");
    await error.getByRole("button", { name: "Aceptar" }).click();

    await loginWith(page, DEMO.master.email);
    await findColegio(page, name);
    await row.getByRole("button", { name: `Activar: ${name}`, exact: true }).click();
    await expect(page.getByTestId("master-colegios-notice")).toHaveText(`Colegio ${name} activado`);
    await expect(row.getByRole("button", { name: `Desactivar: ${name}`, exact: true })).toBeVisible();
    await openMenu(page, "Panel");
    await expect(galicia.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);
    await logout(page);
    await loginWith(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/#\/admin\/administradores$/);
  });
});

test.describe("master colegio invitation", () => {
  test("inviting an e-mail that is already a user shows the red box with the reason, and 'Reintentar' keeps the form", async ({
    page,
  }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.master.email);
    const modal = await openInvite(page);
    await modal.getByLabel("Nombre del colegio").fill("Colegio Duplicado");
    await modal.getByLabel("E-mail del gestor").fill(DEMO.colegio.email);
    await modal.getByRole("button", { name: "Enviar" }).click();
    const failed = modal.getByTestId("master-invite-failed");
    await expect(failed).toContainText("No se ha podido enviar la invitación.");
    await expect(failed).toContainText("El usuario ya existe. No puede invitarlo");
    await modal.getByRole("button", { name: "Reintentar" }).click();
    await expect(modal.getByLabel("E-mail del gestor")).toHaveValue(DEMO.colegio.email);
    await expect(modal.getByRole("button", { name: "Enviar" })).toBeEnabled();
  });
});
