import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  acceptInvitation,
  acceptTerms,
  apiAs,
  DEMO,
  expectAccessible,
  loginWith,
  logout,
  NEW_PASSWORD,
  uniqueEmail,
  validCif,
  waitForMail,
} from "./fixtures";

/*
 * Issue 22's journey (spec 02 §2 'Provider calendar', §7 Calendar; RD 171/2004 art. 4): two providers of the
 * demo community plan visits that overlap on the 15th of next month; the second is told of the coincidence
 * and notifies; the mail reaches the first, who answers 'Enterado' from its link; the administrator sees the
 * notice acknowledged in the community's calendar, and the porter sees the month.
 *
 * A second provider joins the demo community here, so this file runs after every journey that counts the
 * community's providers (the journeys run one file at a time, in name order).
 */

const COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";
const FIRST = { name: "Ascensores Levante S.L.", email: DEMO.gremio.email };
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;
const SECOND = { name: `Limpiezas Coincidentes ${tag} S.L.`, email: uniqueEmail("limpiezas"), cif: validCif("B") };
const FIRST_VISIT = `Revisión del ascensor ${tag}`;
const SECOND_VISIT = `Limpieza del portal ${tag}`;

/** Next month in Madrid, as the calendar shows it. */
const next = (() => {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit" })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  return m === 12 ? { year: y + 1, month: 1 } : { year: y, month: m + 1 };
})();
const DAY = `15/${String(next.month).padStart(2, "0")}/${next.year}`;
/** Its name in a date picker's header: 'diciembre 2026'. */
const MONTH_LABEL = new Intl.DateTimeFormat("es-ES", { month: "long", year: "numeric", timeZone: "UTC" })
  .format(new Date(Date.UTC(next.year, next.month - 1, 15)))
  .replace(" de ", " ");

let communityId = 0;

const panelMenu = (page: Page) => page.getByRole("navigation", { name: "Menú de la comunidad" });
const communityRow = (page: Page) =>
  page.locator("[data-community-id]").filter({
    hasText: COMMUNITY,
  });

/** Logged in as a provider, the demo community's calendar, showing next month. */
async function providerCalendar(page: Page, email: string, password?: string) {
  await page.goto("./#/login");
  await loginWith(page, email, password);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  await communityRow(page)
    .first()
    .getByRole("button", { name: /^Ver comunidad/ })
    .click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\//);
  await openCalendar(page);
}

async function openCalendar(page: Page) {
  const entry = panelMenu(page).getByRole("link", { name: "Calendario", exact: true });
  await entry.click();
  await expect(entry).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Calendario", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mes siguiente" }).click();
  await expect(page.getByTestId("calendar-showing")).not.toHaveText(/^$/);
}

/**
 * Opens the date picker of `field` (not the page's month calendar behind the form) and picks the 15th of next
 * month: the picker opens on the month of today or of the date already chosen, never later.
 */
async function pickFifteenth(page: Page, field: Locator) {
  // A click that lands while the form still moves can leave it shut: clicked again until it says it is open.
  await expect(async () => {
    if ((await field.getAttribute("aria-expanded")) !== "true") await field.click();
    await expect(field).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const picker = page.getByRole("dialog").filter({ has: page.locator("button[data-direction='next']") });
  await expect(async () => {
    if (!(await picker.getByText(MONTH_LABEL, { exact: true }).isVisible()))
      await picker.locator("button[data-direction='next']").click();
    await expect(picker.getByText(MONTH_LABEL, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await picker.locator("table button:not([data-outside])").filter({ hasText: /^15$/ }).click();
}

/** 'Añadir' → 'Añadir entrada' on the 15th of next month, from `from` to `to`, with a comment. */
async function addVisit(page: Page, from: string, to: string, comment: string, notify: boolean) {
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Añadir entrada" });
  const accept = form.getByRole("button", { name: "Aceptar" });
  await expect(accept).toBeDisabled();
  await pickFifteenth(page, form.getByRole("button", { name: "Fecha de inicio", exact: true }));
  await expect(form.getByRole("button", { name: "Fecha de inicio", exact: true })).toHaveText(DAY);
  await form.getByLabel("Hora de inicio").fill(from);
  // A comment needs an end (spec 02 §5).
  await form.getByLabel("Comentario").fill(comment);
  await expect(accept).toBeDisabled();
  await pickFifteenth(page, form.getByRole("button", { name: "Fecha de fin", exact: true }));
  await expect(form.getByRole("button", { name: "Fecha de fin", exact: true })).toHaveText(DAY);
  await form.getByLabel("Hora de fin").fill(to);
  if (notify) await form.getByLabel("Avisar a los proveedores que coincidan").check();
  await accept.click();
  await expect(page.getByText("Entrada de calendario introducida correctamente")).toBeVisible();
}

test.describe.configure({ mode: "serial", timeout: 90_000 });

test("set-up: the colegio registers a second provider, which joins the demo community", async ({ page }) => {
  await page.goto("./#/login");
  await loginWith(page, DEMO.colegio.email);
  await expect(page).toHaveURL(/#\/admin\/administradores$/);
  await (await apiAs(page))("/companies/registry/register", {
    email: SECOND.email,
    company_name: SECOND.name,
    cif: SECOND.cif,
    type: 20,
  });
  await logout(page);
  await acceptInvitation(page, SECOND.email);
  await loginWith(page, SECOND.email, NEW_PASSWORD);
  await acceptTerms(page);
  await logout(page);

  await loginWith(page, DEMO.administrador.email);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  await communityRow(page).first().click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
  communityId = Number(/comunidad\/(\d+)\//.exec(page.url())?.[1]);
  await (await apiAs(page))("/companies-providers/addcif", { cif: SECOND.cif, id_company: communityId });
  await logout(page);
});

test("the first provider plans a visit on a desktop: no coincidence yet, it shows in 'Mis Fechas' and on its day", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await providerCalendar(page, FIRST.email);
  await addVisit(page, "10:00", "12:00", FIRST_VISIT, false);
  // Nothing coincides: no coincidences dialog.
  await expect(page.getByRole("dialog", { name: "Coincidencias con otros proveedores" })).toHaveCount(0);
  const mine = page.getByTestId("calendar-own-entry").filter({ hasText: FIRST_VISIT });
  await expect(mine).toHaveCount(1);

  // Its day is marked, with its visit counted as the provider's own; choosing it keeps the visit, the 14th does not.
  await page.getByRole("button", { name: /\b15 de .*, con 1 entrada \(tuyas: 1\)$/ }).click();
  await expect(mine).toHaveCount(1);
  await page.getByRole("button", { name: /\b14 de / }).click();
  await expect(mine).toHaveCount(0);
  await page.getByRole("button", { name: "Ver todo el mes" }).click();
  await expect(mine).toHaveCount(1);
  await expectAccessible(page);
  await logout(page);
});

test("the second provider, on a phone, plans an overlapping visit and notifies the coincidence", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await providerCalendar(page, SECOND.email, NEW_PASSWORD);
  await expect(page.getByTestId("calendar-other-entry").filter({ hasText: FIRST.name })).toHaveCount(1);
  await addVisit(page, "11:00", "13:00", SECOND_VISIT, true);

  const dialog = page.getByRole("dialog", { name: "Coincidencias con otros proveedores" });
  await expect(dialog).toBeVisible();
  const coincidence = dialog.getByRole("checkbox", { name: new RegExp(FIRST.name) });
  await expect(coincidence).toBeChecked();
  await expect(dialog).toContainText(FIRST_VISIT);
  await expect(dialog).toContainText("11:00");
  await expect(dialog).toContainText("12:00");
  await expectAccessible(page, "[role=dialog]");
  await dialog.getByRole("button", { name: "Avisar a los seleccionados" }).click();
  await expect(dialog.getByText("Notificaciones enviadas")).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();

  // The notice is on record, sent, waiting for 'Enterado'.
  const notices = page.getByTestId("calendar-notice").filter({ hasText: FIRST.name });
  await expect(notices).toHaveCount(1);
  await expect(notices).toContainText("Enviado");
  await expectAccessible(page);
  await logout(page);
});

test("the first provider gets the mail and answers 'Enterado' from its link; the administrator got a copy", async ({
  page,
}) => {
  const mails = await waitForMail(FIRST.email, 1);
  const notice = mails.find((m) => m.text.includes(SECOND_VISIT) || m.text.includes(SECOND.name));
  expect(notice, "the coincidence mail").toBeDefined();
  expect(notice?.text).toContain(COMMUNITY);
  const link = /https?:\/\/\S+?\/webapp\/(#\/aviso\?token=[A-Za-z0-9_-]+)/.exec(notice?.text ?? "")?.[1];
  expect(link, "the 'Enterado' link").toBeDefined();
  const admin = await waitForMail(DEMO.administrador.email, 1);
  expect(admin.some((m) => m.text.includes(SECOND.name) && m.text.includes(FIRST.name))).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`./${link}`);
  await expect(page.getByRole("heading", { name: "Aviso de coincidencia" })).toBeVisible();
  await expect(page.getByText(COMMUNITY)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Enterado" }).click();
  await expect(page.getByText(/^Has confirmado que estás enterado el \d\d\/\d\d\/\d{4}/)).toBeVisible();
});

test("the administrator sees both visits and the notice acknowledged, without 'Añadir' or 'Mis Fechas'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("./#/login");
  await loginWith(page, DEMO.administrador.email);
  await expect(page).toHaveURL(/#\/comunidades\/index$/);
  await page.goto(`./#/comunidades/comunidad/${communityId}/proveedores`);
  await openCalendar(page);
  const entries = page.getByTestId("calendar-other-entry");
  await expect(entries.filter({ hasText: FIRST_VISIT })).toHaveCount(1);
  await expect(entries.filter({ hasText: SECOND_VISIT })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Añadir", exact: true })).toHaveCount(0);
  await expect(page.getByText("Mis Fechas")).toHaveCount(0);
  const notice = page.getByTestId("calendar-notice").filter({ hasText: SECOND.name });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(/Enterado .+ por /);
  await expectAccessible(page);
  await logout(page);
});

test("the porter sees next month's visits in its community's calendar", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("./#/login");
  await loginWith(page, DEMO.portero.email);
  await expect(page).toHaveURL(/#\/porteros\/comunidades\/main$/);
  await page.goto(`./#/porteros/comunidades/${communityId}?tab=calendario`);
  await expect(page.getByRole("tab", { name: /Calendario/ })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Mes siguiente" }).click();
  const calendar = page.getByTestId("porter-calendar");
  await expect(calendar.getByText(FIRST_VISIT)).toBeVisible();
  await expect(calendar.getByText(SECOND_VISIT)).toBeVisible();
  await expectAccessible(page);
});
