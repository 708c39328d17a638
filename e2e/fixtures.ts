import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";

export const PASSWORD = "Coordina2026!";

export const DEMO = {
  master: { email: "master@coordina.test", start: "/master/colegios", title: "Colegios" },
  colegio: { email: "colegio@coordina.test", start: "/admin/administradores", title: "Administradores de fincas" },
  administrador: { email: "admin@coordina.test", start: "/comunidades/index", title: "Comunidades" },
  gremio: { email: "proveedor@coordina.test", start: "/comunidades/index", title: "Comunidades" },
  portero: { email: "portero@coordina.test", start: "/porteros/comunidades/main", title: "Mis comunidades" },
} as const;

export async function loginWith(page: Page, email: string, password = PASSWORD, remember = false) {
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  if (remember) await page.getByLabel("Recordarme en este equipo").check();
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** Whether the page is as wide as a phone's (below Mantine's `sm`, 48em): menus behind the burger, lists as cards. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 768;

/**
 * Follows an entry of the side menu, and waits until it is the current one: until then the page being
 * left may still be on screen (the next page's code loads in a transition), with buttons of the same name.
 * On a phone the menu is behind the header's burger, opened first.
 */
export async function openMenu(page: Page, name: string) {
  const link = page.getByRole("navigation", { name: "Menú", exact: true }).getByRole("link", { name, exact: true });
  if (isPhone(page)) {
    const burger = page.getByRole("banner").getByRole("button", { name: "Menú", exact: true });
    // A click that lands while the page still changes can leave it shut: clicked again until the entry shows.
    await expect(async () => {
      if ((await burger.getAttribute("aria-expanded")) !== "true") await burger.click();
      await expect(link).toBeInViewport({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
}

/** The spec's text for a link (recovery or invitation) that is used, cancelled, replaced or made up. */
export const INVALID_LINK_TEXT = "Su petición de recuperación de contraseña ha caducado o no es válida";

export function hashOf(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, "");
}

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const MAIL_API = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3107) + 19}`;

/** Waits until `count` mails have reached `to` at the test SMTP server, and returns them. */
export async function waitForMail(to: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const caught = async () =>
    (await (await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMail[];
  let mails: CaughtMail[] = [];
  const arrived = async () => {
    mails = await caught();
    return mails.length;
  };
  await expect
    .poll(arrived, { message: `${count} mail(s) for ${to}`, timeout: timeoutMs })
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The Coordina link in a mail (`…/webapp/#/invitation?token=…`), as a path for page.goto. */
export function mailLink(mail: CaughtMail): string {
  const match = /https?:\/\/\S+?\/webapp\/(#\/(?:recovery|invitation)\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail '${mail.subject}'`);
  return `./${match[1]}`;
}

/** A valid Spanish CIF with the given entity letter (B company, H community of owners): 7 digits + control. */
export function validCif(letter: "B" | "H"): string {
  const digits = Array.from({ length: 7 }, () => Math.floor(Math.random() * 10));
  let sum = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  });
  return `${letter}${digits.join("")}${(10 - (sum % 10)) % 10}`;
}

/** A unique e-mail per run (the e2e data dir is fresh, but a journey may run twice in one run). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@coordina.test`;
}

export const NEW_PASSWORD = "Coordina-Nueva-2026!";

export async function setPassword(page: Page, password = NEW_PASSWORD) {
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Repite la contraseña").fill(password);
}

export async function logout(page: Page) {
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

/**
 * Registers a provider through /registry (with `cif`, or one made up) and finishes with its mailed link;
 * returns its e-mail.
 */
export async function registerProvider(
  page: Page,
  name: string,
  cif = `B${Date.now().toString().slice(-8)}`,
): Promise<string> {
  const email = uniqueEmail("proveedor");
  await page.goto("./#/registry");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Confirma el e-mail").fill(email);
  await page.getByLabel("Nombre de la empresa").fill(name);
  await page.getByLabel("CIF/NIF").fill(cif);
  await page.getByRole("button", { name: "Regístrate" }).click();
  await expect(page.getByText("Registro completado, recibirás un e-mail. Sigue las instrucciones")).toBeVisible();
  const [mail] = await waitForMail(email);
  await page.goto(mailLink(mail!));
  await setPassword(page);
  await page.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(page.getByText("Te has registrado correctamente")).toBeVisible();
  return email;
}

/**
 * Sends an invitation from the open list: a company (Invitaciones → 'Añadir') when `company` is given,
 * otherwise a colleague (Usuarios → 'Añadir usuario'). The company type is chosen, or with `preselected`
 * only checked to be the one offered first.
 */
export async function sendInvitation(
  page: Page,
  email: string,
  company?: { name: string; type: string; preselected?: boolean },
) {
  const add = company ? "Añadir" : "Añadir usuario";
  await page.getByRole("button", { name: add }).click();
  const modal = company ? page.getByRole("dialog") : page.getByRole("dialog", { name: add });
  if (company) {
    const type = modal.getByRole("radio", { name: company.type });
    if (company.preselected) await expect(type).toBeChecked();
    else await type.check();
    await modal.getByLabel("Nombre de la compañía").fill(company.name);
    await modal.getByLabel("E-mail del gestor").fill(email);
  } else {
    await modal.getByLabel("E-mail del usuario").fill(email);
  }
  await modal.getByRole("button", { name: "Enviar" }).click();
  await expect(modal.getByText("Invitación enviada correctamente")).toBeVisible();
  await modal.getByRole("button", { name: "Terminar" }).click();
}

/** Accepts the terms pop-up shown after an administrator's or provider's first login. */
export async function acceptTerms(page: Page) {
  await expect(page).toHaveURL(/#\/legal$/);
  const terms = page.getByRole("dialog");
  await terms.getByLabel("He leído y acepto las condiciones de uso").check();
  await terms.getByRole("button", { name: "Aceptar" }).click();
}

/**
 * Calls the API as the user logged in on `page` (the token and colegio stored by the web app under
 * 'coordina.currentUser', in localStorage or sessionStorage), for setting up data a journey needs.
 */
export async function apiAs(page: Page) {
  const stored = await page.evaluate(
    () => localStorage.getItem("coordina.currentUser") ?? sessionStorage.getItem("coordina.currentUser"),
  );
  if (!stored) throw new Error("no session stored on this page");
  const session = JSON.parse(stored) as { token: string; colegio?: { id: number } };
  const colgId = session.colegio && session.colegio.id > 0 ? { colg_id: session.colegio.id } : {};
  return async function post<T = unknown>(path: string, body: object = {}): Promise<T> {
    const response = await page.request.post(`/${path.replace(/^\//, "")}`, {
      headers: { Authentication: `Bearer ${session.token}` },
      data: { ...body, ...colgId },
    });
    const json = (await response.json()) as T & { result?: boolean };
    if (!response.ok() || json.result === false)
      throw new Error(`${path}: ${response.status()} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Follows the invitation mailed to `email` and sets the password, ending on the login page. */
export async function acceptInvitation(page: Page, email: string, password = NEW_PASSWORD) {
  const [mail] = await waitForMail(email);
  await page.goto(mailLink(mail!));
  await setPassword(page, password);
  await page.getByRole("button", { name: "Establecer contraseña" }).click();
  await expect(page.getByText("Te has registrado correctamente")).toBeVisible();
  await page.getByRole("button", { name: "Acceder al sitio" }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

/** A one-page PDF with `text` on it, for real uploads. */
export async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** Drops a file on a drop zone the way a browser does when a file is dragged from the desktop. */
export async function dropFile(page: Page, zone: Locator, name: string, bytes: Buffer) {
  await dropFiles(page, zone, [{ name, bytes }]);
}

/** Drops several files at once on a drop zone, as when a selection is dragged from the desktop. */
export async function dropFiles(page: Page, zone: Locator, files: { name: string; bytes: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (files) => {
      const transfer = new DataTransfer();
      for (const { name, data } of files)
        transfer.items.add(new File([new Uint8Array(data)], name, { type: "application/pdf" }));
      return transfer;
    },
    files.map(({ name, bytes }) => ({ name, data: [...bytes] })),
  );
  for (const type of ["dragenter", "dragover", "drop"]) await zone.dispatchEvent(type, { dataTransfer });
}

/** A date as the portal shows it: DD/MM/YYYY. */
export const ddmmyyyy = (d: Date) =>
  `${String(d.getDate()).padStart(2, "0")}/${String(d.getMonth() + 1).padStart(2, "0")}/${d.getFullYear()}`;

/**
 * Opens the date picker of `field`: a click that lands while its dialog still moves can leave it shut,
 * so it is clicked again until the calendar shows.
 */
export async function openPicker(page: Page, field: Locator) {
  const calendar = page.locator("[data-direction='previous']").first();
  await expect(async () => {
    if (!(await calendar.isVisible())) await field.click();
    await expect(calendar).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

const MONTHS_ES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/**
 * Picks day `day` of the month `monthsAhead` from today's in an open Mantine date picker. It reads the
 * month the picker shows ('noviembre 2026') and steps towards the target until it is there, so neither
 * the date the field held before nor an arrow click lost while the dropdown moves can land it elsewhere.
 */
export async function pickDay(page: Page, monthsAhead: number, day: number) {
  const now = new Date();
  const target = now.getFullYear() * 12 + now.getMonth() + monthsAhead;
  const previous = page.locator("[data-direction='previous']").first();
  const level = previous.locator("xpath=following-sibling::*[1]");
  await expect(async () => {
    const [name, year] = ((await level.textContent()) ?? "").trim().toLowerCase().split(/\s+/);
    const shown = Number(year) * 12 + MONTHS_ES.indexOf(name ?? "");
    if (shown !== target) {
      await page
        .locator(shown < target ? "[data-direction='next']" : "[data-direction='previous']")
        .first()
        .click();
    }
    expect(shown).toBe(target);
  }).toPass({ timeout: 15_000 });
  await page
    .locator("table button:not([data-outside])")
    .filter({ hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
}

/**
 * The porter's full sign-up from its invitation link (`register-portero`): NIF/CIF and address, then
 * 'Registrarme'; it ends on the success message, having pressed 'Acceder al sitio'.
 */
export async function completePorterSignUp(page: Page) {
  await page.getByLabel("NIF/CIF").fill(`${Date.now().toString().slice(-8)}T`);
  await page.getByLabel("Dirección").fill("Calle Mayor 10, portería");
  await page.getByLabel("Municipio").fill("Madrid");
  await page.getByLabel("Código postal").fill("28013");
  await page.getByLabel("Provincia").fill("Madrid");
  await page.getByRole("button", { name: "Registrarme" }).click();
  await expect(page.getByText("Te has registrado correctamente")).toBeVisible();
  await page.getByRole("button", { name: "Acceder al sitio" }).click();
}

/**
 * axe-core finds no serious or critical violation on the page as it is now, colour contrast and WCAG 2.2
 * target size included (DESIGN §7);
 * with `within` (a CSS selector, e.g. an open dialog's), only there.
 */
export async function expectAccessible(page: Page, within?: string) {
  // A dialog is checked once it has faded in (or, closing, is gone): half transparent, its colours have no
  // contrast to speak of.
  const dialogsSettled = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((d) => getComputedStyle(d).opacity === "1"),
    );
  await expect.poll(dialogsSettled, { message: "a dialog still fading" }).toBe(true);
  // axe's default rules, plus WCAG 2.2's target size (2.5.8: 24 × 24 px), which axe-core 4 leaves off
  const builder = new AxeBuilder({ page }).options({ rules: { "target-size": { enabled: true } } });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.any[0]?.message ?? ""})`).join(", ")}`);
  expect(serious).toEqual([]);
}

/**
 * The page as it settles (DESIGN §7, issue 21): nothing loading, one level-one heading, one main landmark, and
 * axe-core finds nothing serious or critical.
 */
export async function expectSoundPage(page: Page, where: string) {
  await test.step(where, async () => {
    await expect(page.locator(".mantine-Loader-root:visible"), `${where}: still loading`).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 }), `${where}: one level-one heading`).toHaveCount(1);
    await expect(page.getByRole("main"), `${where}: one main landmark`).toHaveCount(1);
    await expectAccessible(page);
  });
}

/**
 * The demo colegio through the API, logged in on `request` (no page needed), for data a journey adds and
 * removes: `post(path, body)` sends the colegio's token and `colg_id` and expects a success.
 */
export async function colegioApi(request: APIRequestContext): Promise<Post> {
  return (await apiLogin(request, DEMO.colegio.email)).post;
}

type Post = <T = unknown>(path: string, body?: object) => Promise<T>;

export interface Api {
  post: Post;
  upload: (path: string, fields: Record<string, string>, name: string, bytes: Buffer) => Promise<unknown>;
}

/** Logs in through the API and answers calls (JSON or multipart) as that user in its first colegio. */
export async function apiLogin(request: APIRequestContext, email: string): Promise<Api> {
  const login = await request.post("/companies/users/login", { data: { email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const data = ((await login.json()) as { data: { token: string; colegios: { id: number }[] } }).data;
  const colgId = data.colegios[0]!.id;
  const headers = { Authentication: `Bearer ${data.token}` };
  const check = async <T>(path: string, response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> => {
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    post: async (path, body = {}) =>
      check(path, await request.post(path, { headers, data: { ...body, colg_id: colgId } })),
    // Multipart bodies carry the colegio in the query; the fields go before the file.
    upload: async (path, fields, name, bytes) =>
      check(
        path,
        await request.post(`${path}?colg_id=${colgId}`, {
          headers,
          multipart: { ...fields, file: { name, mimeType: "application/pdf", buffer: bytes } },
        }),
      ),
  };
}

/**
 * A light (a locator, or the words that name its button) reached with the keyboard (Tab onto it from the
 * element before it, as a keyboard user does) opens its own tooltip with `words` in it: what it counts and,
 * when not green, what is missing by name (issue 21); Escape closes it.
 */
export async function expectWordsByKeyboard(page: Page, light: Locator | string, words: string[]) {
  const target = typeof light === "string" ? page.getByRole("button", { name: light, exact: true }) : light;
  await expect(target).toHaveCount(1);
  await target.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(target).toBeFocused();
  // Its own tooltip (the one it is described by), not the one of the light focused on the way.
  await expect(target).toHaveAttribute("aria-describedby", /.+/);
  const tooltip = page.locator(`[id="${await target.getAttribute("aria-describedby")}"]`);
  await expect(tooltip).toHaveRole("tooltip");
  await expect(tooltip).toBeVisible();
  for (const text of words) await expect(tooltip).toContainText(text);
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();
}
