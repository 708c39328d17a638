import { expect, type Page, test } from "@playwright/test";
import {
  acceptTerms,
  type CaughtMail,
  DEMO,
  expectSoundPage,
  loginWith,
  logout,
  NEW_PASSWORD,
  openMenu,
  registerProvider,
  waitForMail,
} from "./fixtures";

const MADRID = "Colegio de Administradores de Fincas de Madrid";

/** Waits for a mail to `to` that `matches`, among whatever else that mailbox got in this run. */
async function mailMatching(to: string, matches: (mail: CaughtMail) => boolean): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await waitForMail(to)).find(matches);
        return found !== undefined;
      },
      { message: `a matching mail for ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const onPhone = (page: Page) => page.setViewportSize({ width: 375, height: 812 });
const onDesktop = (page: Page) => page.setViewportSize({ width: 1366, height: 768 });

/*
 * Issue 21: a provider that registered on its own belongs to no colegio. It learns why, asks the demo
 * colegio to include it; the colegio includes it with one click from its providers list; both are mailed;
 * the provider then works in that colegio, whose name it sees in the header and, on a phone, in the menu.
 */
test("a provider in no colegio asks to be included, the colegio includes it with one click", async ({ page }) => {
  // Registration, three logins, two widths and four accessibility checks: a long journey.
  test.slow();
  await onDesktop(page);
  const company = `Reformas Inclusión ${Date.now().toString(36)} S.L.`;
  const email = await registerProvider(page, company);
  await page.getByRole("button", { name: "Acceder al sitio" }).click();
  await loginWith(page, email, NEW_PASSWORD);
  await acceptTerms(page);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);

  // Its start page says why nothing is there, instead of 'Elige primero un colegio.'.
  const summary = page.getByRole("region", { name: "Tareas pendientes" });
  await expect(summary.getByText(/Tu empresa aún no pertenece a ningún colegio/)).toBeVisible();
  await expect(page.getByText("Elige primero un colegio.")).toHaveCount(0);
  await expectSoundPage(page, "start page in no colegio, 1366");
  await onPhone(page);
  await expectSoundPage(page, "start page in no colegio, 375");
  await onDesktop(page);

  // 'Solicitar inclusión' on 'Tareas pendientes'.
  await openMenu(page, "Tareas pendientes");
  const notice = page.getByTestId("no-colegio");
  await expect(notice.getByRole("heading", { name: "Tu empresa aún no pertenece a ningún colegio" })).toBeVisible();
  await notice.getByRole("button", { name: "Solicitar inclusión" }).click();
  const dialog = page.getByRole("dialog", { name: "Solicitar inclusión en un colegio" });
  await dialog.getByRole("combobox", { name: "Colegio" }).click();
  await page.getByRole("option", { name: MADRID }).click();
  await dialog.getByLabel("Mensaje para el colegio (opcional)").fill("Trabajamos en comunidades de Chamberí.");
  await expectSoundPage(page, "request dialog");
  await dialog.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    notice.getByText(`Solicitud enviada a ${MADRID}. Te avisaremos por e-mail cuando responda.`),
  ).toBeVisible();
  const pending = notice.getByTestId("inclusion-request");
  await expect(pending).toContainText(`Enviada a ${MADRID}`);
  await expect(pending.getByRole("button", { name: "Retirar" })).toBeVisible();
  await logout(page);

  // The colegio is mailed, and finds the request above its providers.
  const request = await mailMatching(DEMO.colegio.email, (m) => m.text.includes(company));
  expect(request.subject).toBe("Un proveedor pide unirse a tu colegio en Coordina");
  expect(request.text).toContain("Trabajamos en comunidades de Chamberí.");
  await loginWith(page, DEMO.colegio.email);
  await openMenu(page, "Proveedores");
  const requests = page.getByRole("region", { name: "Solicitudes de inclusión" });
  await expect(requests).toContainText(company);
  await expect(requests).toContainText(email);
  await expectSoundPage(page, "providers with a request");
  await requests.getByRole("button", { name: `Incluir a ${company}` }).click();
  await expect(page.getByText(`«${company}» ya es proveedor del colegio. Le hemos avisado por e-mail.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Solicitudes de inclusión" })).toHaveCount(0);
  await logout(page);

  // The provider is mailed, and now works in the colegio: its name in the header, its documents asked.
  const included = await mailMatching(
    email,
    (m) => m.subject === "Tu empresa se ha incluido en un colegio de Coordina",
  );
  expect(included.text).toContain(`${MADRID} ha incluido a «${company}»`);
  await loginWith(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  await expect(page.getByTestId("current-colegio")).toHaveText(MADRID);
  await expect(page.getByTestId("no-colegio")).toHaveCount(0);
  // Its summary now counts in the colegio (it serves no community yet: nothing pending there).
  await expect(page.getByRole("region", { name: "Tareas pendientes" })).toContainText(
    "Nada pendiente en este colegio.",
  );
  await openMenu(page, "Documentos generales");
  await expect(page.getByText("Seguro de responsabilidad civil").first()).toBeVisible();

  // On a phone the colegio is in the menu.
  await onPhone(page);
  await expect(page.getByTestId("current-colegio")).toBeHidden();
  await page.getByRole("button", { name: "Menú" }).click();
  await expect(page.getByTestId("current-colegio-menu")).toHaveText(MADRID);
  await expect(page.getByTestId("current-colegio-menu")).toBeVisible();
  await expectSoundPage(page, "menu with the colegio, 375");
});
