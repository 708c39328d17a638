import { expect, test } from "@playwright/test";
import { DEMO, hashOf, loginWith } from "./fixtures";

test.describe("login by role", () => {
  for (const [role, account] of Object.entries(DEMO)) {
    test(`${role} logs in and lands on ${account.start}`, async ({ page }) => {
      await page.goto("./");
      await loginWith(page, account.email);
      await expect(page).toHaveURL(new RegExp(`#${account.start}$`));
      await expect(page.getByRole("heading", { level: 1, name: account.title })).toBeVisible();
      await expect(page.getByTestId("current-user")).toHaveText(account.email);
      // The version comes from the root package.json; the server's /health reports the same one.
      const health = await (await page.request.get("/health")).json();
      await expect(page.getByTestId("app-version")).toHaveText(`Versión ${health.data.version}`);
      // Every demo role belongs to exactly one colegio: it is selected without asking.
      await expect(page.getByTestId("current-colegio")).toHaveText("Colegio de Administradores de Fincas de Madrid");
    });
  }

  test("the menu follows the role", async ({ page }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    const menu = page.getByRole("navigation", { name: "Menú" });
    await expect(menu.getByRole("link", { name: "Administradores" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Actividades" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Comunidades" })).toHaveCount(0);
  });
});

test("the login page's JavaScript arrives compressed with brotli and is kept for a year", async ({ page }) => {
  const scripts: { url: string; encoding?: string; cache?: string }[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) {
      const headers = response.headers();
      scripts.push({ url: response.url(), encoding: headers["content-encoding"], cache: headers["cache-control"] });
    }
  });
  await page.goto("./#/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  // The entry chunk and the login page's: the build's brotli copies (scripts/precompress.mjs).
  expect(scripts.length).toBeGreaterThan(1);
  const entry = scripts.find((s) => /\/assets\/index-[^/]+\.js$/.test(s.url));
  expect(entry?.encoding).toBe("br");
  // Chunks under 256 bytes have no copy and go as they are; every other one goes as brotli.
  for (const script of scripts) if (script.encoding) expect(script.encoding, script.url).toBe("br");
  for (const script of scripts) expect(script.cache, script.url).toBe("public, max-age=31536000, immutable");
});

test.describe("errors", () => {
  test("a wrong password shows the error dialog and keeps the user on /login", async ({ page }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.administrador.email, "NoEsEsta1!");
    const dialog = page.getByRole("dialog", { name: "Error" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("El e-mail o la contraseña no son correctos.");
    await dialog.getByRole("button", { name: "Aceptar" }).click();
    await expect(dialog).toBeHidden();
    expect(hashOf(page)).toBe("/login");
  });

  test("an invalid e-mail is caught before anything is sent", async ({ page }) => {
    let sent = false;
    page.on("request", (r) => {
      if (r.url().includes("/companies/users/login")) sent = true;
    });
    await page.goto("./#/login");
    await loginWith(page, "no-es-un-email");
    await expect(page.getByText("El email no tiene un formato válido")).toBeVisible();
    expect(sent).toBe(false);
  });

  test("a failure the server could not answer shows the generic error", async ({ page }) => {
    await page.route("**/companies/users/login", (route) => route.abort("connectionrefused"));
    await page.goto("./#/login");
    await loginWith(page, DEMO.master.email);
    await expect(page.getByRole("dialog", { name: "Error" })).toContainText(
      "Ha ocurrido un error. Estamos arreglándolo. Perdone las molestias",
    );
  });
});

test.describe("route guard", () => {
  test("a protected route without a session goes to /login and, after login, back to it", async ({ page }) => {
    await page.goto("./#/admin/actividades");
    await expect(page).toHaveURL(/#\/login$/);
    await loginWith(page, DEMO.colegio.email);
    await expect(page).toHaveURL(/#\/admin\/actividades$/);
    await expect(page.getByRole("heading", { level: 1, name: "Actividades" })).toBeVisible();
  });

  test("the root sends a logged-in user to the start page of the role", async ({ page }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.portero.email);
    await expect(page).toHaveURL(/#\/porteros\/comunidades\/main$/);
    await page.goto("./#/root");
    await expect(page).toHaveURL(/#\/porteros\/comunidades\/main$/);
  });

  test("a provider with pending-tasks starts at /proveedores/main", async ({ page }) => {
    // The server decides the flags; here the login answer is given the flag to see the client obey it.
    await page.route("**/companies/users/login", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.flags = ["lopd", "lopd-workers", "pending-tasks"];
      await route.fulfill({ response, json: body });
    });
    await page.goto("./#/login");
    await loginWith(page, DEMO.gremio.email);
    await expect(page).toHaveURL(/#\/proveedores\/main$/);
    await expect(page.getByRole("heading", { name: "Lecturas pendientes" })).toBeVisible();
    // The same entry as without the flag, current here.
    const entry = page
      .getByRole("navigation", { name: "Menú", exact: true })
      .getByRole("link", { name: "Tareas pendientes" });
    await expect(entry).toHaveAttribute("aria-current", "page");
  });

  test("a provider without it starts at its communities, which sum up its pending work and lead to it", async ({
    page,
  }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.gremio.email);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    const summary = page.getByRole("region", { name: "Tareas pendientes" });
    await expect(
      summary.getByTestId("pending-summary-uploads").or(summary.getByTestId("pending-summary-none")),
    ).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Menú", exact: true });
    await expect(menu.getByRole("link", { name: "Tareas pendientes" })).toHaveAttribute("href", "#/proveedores/main");
    await summary.getByRole("link", { name: "Ver tareas pendientes" }).click();
    await expect(page).toHaveURL(/#\/proveedores\/main$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tareas pendientes" })).toBeVisible();
  });
});

test.describe("session", () => {
  test("every request carries the bearer token and the current colegio", async ({ page }) => {
    await page.goto("./#/login");
    const current = page.waitForRequest((r) => r.url().includes("/companies/users/current"));
    await loginWith(page, DEMO.administrador.email);
    const request = await current;
    expect(request.headers().authentication).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(new URL(request.url()).searchParams.get("colg_id")).toMatch(/^\d+$/);
  });

  test("logout goes to /login and the session is gone", async ({ page }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.master.email);
    await expect(page).toHaveURL(/#\/master\/colegios$/);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await page.goto("./#/master/colegios");
    await expect(page).toHaveURL(/#\/login$/);
    // Another role logging in here is not taken to the master's page, but to its own start page.
    await loginWith(page, DEMO.colegio.email);
    await expect(page).toHaveURL(/#\/admin\/administradores$/);
  });

  test("remember me keeps the session across a browser restart and the e-mail after logout", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("./#/login");
    await loginWith(page, DEMO.gremio.email, undefined, true);
    await expect(page).toHaveURL(/#\/comunidades\/index$/);
    const state = await context.storageState();
    await context.close();

    const again = await browser.newContext({ storageState: state });
    const page2 = await again.newPage();
    await page2.goto("./#/comunidades/index");
    await expect(page2.getByTestId("current-user")).toHaveText(DEMO.gremio.email);
    await page2.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page2.getByLabel("E-mail")).toHaveValue(DEMO.gremio.email);
    await expect(page2.getByLabel("Recordarme en este equipo")).toBeChecked();
    await again.close();
  });

  test("a session revoked on the server sends the user to /login", async ({ page, request }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.portero.email);
    await expect(page).toHaveURL(/#\/porteros\/comunidades\/main$/);
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem("coordina.currentUser")!).token);
    const out = await request.post("/companies/users/logout", {
      headers: { authentication: `Bearer ${token}` },
      data: {},
    });
    expect(out.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/#\/login$/);
  });
});
