import { expect, type Page, test } from "@playwright/test";
import { apiAs, DEMO, loginWith, logout, openMenu } from "./fixtures";

/** A suffix that keeps this run's activities apart from any other's. */
const runTag = () => Date.now().toString(36).slice(-5);

/**
 * Holds every add after the first until the returned function is called, so that the scanning phase can
 * be seen part-way, without any wait in the app.
 */
async function holdAddsAfterFirst(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let adds = 0;
  await page.route("**/companies/activities/add", async (route) => {
    if (adds++ > 0) await released;
    await route.continue();
  });
  return release;
}

/** The first add of `name` fails as a server error would; every other add goes through. */
async function failFirstAddOf(page: Page, name: string) {
  let failed = false;
  await page.route("**/companies/activities/add", async (route) => {
    if (!failed && (route.request().postDataJSON() as { name?: string }).name === name) {
      failed = true;
      await route.fulfill({ status: 500, json: { result: false, error: "error.generic-error" } });
      return;
    }
    await route.continue();
  });
}

const dataRows = (page: Page) => page.locator("main tbody tr");

test.describe("activities", () => {
  test("the colegio adds activities in bulk, watches the progress, finds them, pages and deletes one", async ({
    page,
  }) => {
    const tag = runTag();
    const added = [`Cristalería ${tag}`, `Desatascos ${tag}`, `Toldos ${tag}`, `Antenas ${tag}`];
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await openMenu(page, "Actividades");
    await expect(page).toHaveURL(/#\/admin\/actividades$/);
    await expect(page.getByRole("heading", { name: "Actividades", level: 1 })).toBeVisible();
    // The demo's activities are there, with their providers (the demo provider maintains lifts).
    await expect(page.getByRole("row").filter({ hasText: /^Ascensores/ })).toContainText("1");
    const before = Number((await page.getByText(/^Num: \d+$/).textContent())?.replace(/\D/g, ""));
    expect(before).toBeGreaterThanOrEqual(8);

    const releaseAdds = await holdAddsAfterFirst(page);
    await page.getByRole("button", { name: "Añadir", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Añadir actividades" });
    // Six lines: four new ones, one repeated in another case and one the colegio already has.
    await modal
      .getByRole("textbox", { name: "Actividades" })
      .fill([added[0], added[1], "", `  ${added[0]!.toUpperCase()}  `, "Pintura", added[2], added[3]].join("\n"));
    await expect(modal.getByTestId("activities-to-add")).toHaveText("Actividades a comprobar: 5 · Líneas repetidas: 1");
    await modal.getByRole("button", { name: "Añadir", exact: true }).click();

    // While scanning: the bar part-way (1 to 99 %), named after the line being checked.
    const progress = modal.getByRole("progressbar");
    await expect(progress).toHaveAttribute("aria-valuenow", /^[1-9]\d?$/);
    await expect(progress).toHaveAccessibleName(/^Comprobando [2-5] de 5$/);
    releaseAdds();

    const notice = modal.getByTestId("activities-added");
    await expect(notice).toContainText("Actividades añadidas correctamente");
    await expect(notice).toContainText("Añadidas: 4");
    await expect(notice).toContainText("Ya existían (no se han añadido): 1");
    await expect(notice).toContainText("Líneas repetidas ignoradas: 1");
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(modal.getByText("Comprobadas 5 de 5")).toBeVisible();
    await expect(modal.getByTestId("activities-failures")).toHaveCount(0);
    await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(modal).toBeHidden();

    // The demo's eight activities (at least) and four new ones: ten a page, the rest on the last one.
    const total = before + 4;
    const pages = Math.ceil(total / 10);
    await expect(page.getByText(`Num: ${total}`)).toBeVisible();
    await expect(dataRows(page)).toHaveCount(10);
    await page.getByRole("button", { name: `Página ${pages}`, exact: true }).click();
    await expect(dataRows(page)).toHaveCount(total - 10 * (pages - 1));

    await page.getByRole("textbox", { name: "Buscar" }).fill(tag);
    await expect(dataRows(page)).toHaveCount(4);
    for (const name of added) await expect(page.getByRole("row").filter({ hasText: name })).toContainText("0");
    await expect(page.getByText("Num: 4")).toBeVisible();

    // Sorting by name, descending, puts 'Toldos' first.
    await page.getByRole("button", { name: "Actividad", exact: true }).click();
    await page.getByRole("button", { name: "Actividad", exact: true }).click();
    await expect(dataRows(page).first()).toContainText(added[2]!);

    const antenas = page.getByRole("row").filter({ hasText: added[3]! });
    await antenas.getByRole("button", { name: `Borrar actividad: ${added[3]}`, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Borrar actividad" });
    await expect(confirm).toContainText(`¿Seguro que quieres borrar la actividad «${added[3]}»?`);
    await confirm.getByRole("button", { name: "Volver" }).click();
    await expect(confirm).toBeHidden();
    await expect(dataRows(page)).toHaveCount(4);

    await antenas.getByRole("button", { name: `Borrar actividad: ${added[3]}`, exact: true }).click();
    await confirm.getByRole("button", { name: "Borrar" }).click();
    await expect(page.getByTestId("activities-notice")).toHaveText(`Se ha borrado la actividad «${added[3]}»`);
    await expect(dataRows(page)).toHaveCount(3);
    await expect(page.getByRole("row").filter({ hasText: added[3]! })).toHaveCount(0);
  });

  test("a line that fails is listed with its reason and 'Reintentar' tries only that one again", async ({ page }) => {
    const tag = runTag();
    const [first, failing] = [`Porteros automáticos ${tag}`, `Climatización ${tag}`];
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await openMenu(page, "Actividades");
    await failFirstAddOf(page, failing);
    const adds: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/companies/activities/add")) adds.push((r.postDataJSON() as { name: string }).name);
    });

    await page.getByRole("button", { name: "Añadir", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Añadir actividades" });
    await modal.getByRole("textbox", { name: "Actividades" }).fill(`${first}\n${failing}`);
    await modal.getByRole("button", { name: "Añadir", exact: true }).click();

    const notice = modal.getByTestId("activities-added");
    await expect(notice).toContainText("Algunas actividades no se han podido añadir");
    await expect(notice).toContainText("Añadidas: 1");
    await expect(notice).toContainText("Con error: 1");
    await expect(modal.getByTestId("activities-failures")).toContainText(
      `${failing}: Ha ocurrido un error. Estamos arreglándolo. Perdone las molestias`,
    );
    await expect(modal.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");

    await modal.getByRole("button", { name: "Reintentar" }).click();
    await expect(notice).toContainText("Actividades añadidas correctamente");
    await expect(notice).toContainText("Añadidas: 2");
    await expect(modal.getByTestId("activities-failures")).toHaveCount(0);
    await expect(modal.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
    expect(adds).toEqual([first, failing, failing]);
    await modal.getByRole("button", { name: "Cerrar", exact: true }).click();

    await page.getByRole("textbox", { name: "Buscar" }).fill(tag);
    await expect(dataRows(page)).toHaveCount(2);
  });

  test("the administrator sees the providers of an activity", async ({ page }) => {
    const tag = runTag();
    const activity = `Impermeabilizaciones ${tag}`;
    const unused = `Persianas ${tag}`;
    // As the colegio: a new activity, given to the demo provider besides its lifts.
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await expect(page).toHaveURL(/#\/admin\/administradores$/);
    const post = await apiAs(page);
    const { data: created } = await post<{ data: { id: number } }>("/companies/activities/add", { name: activity });
    await post("/companies/activities/add", { name: unused });
    const { data: all } = await post<{ data: { id: number; name: string }[] }>("/companies/activities/all");
    const lifts = all.find((a) => a.name === "Ascensores")!;
    const { data: providers } = await post<{ data: { company_id: number; company_cif: string }[] }>(
      "/companies/colegio-providers/index",
      { filter: "B87654321" },
    );
    const provider = providers.find((p) => p.company_cif === "B87654321")!;
    await post("/companies/colegio/update", {
      company_id: provider.company_id,
      companytype: 20,
      activities: [lifts.id, created.id],
    });
    await logout(page);

    await loginWith(page, DEMO.administrador.email);
    await openMenu(page, "Proveedores por actividad");
    await expect(page).toHaveURL(/#\/provee-actividades$/);
    await expect(page.getByRole("heading", { name: "Proveedores por actividad", level: 1 })).toBeVisible();
    for (const column of ["CIF/NIF", "Proveedor", "E-mail", "Actividades", "Teléfono"])
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Ascensores Levante S.L." });
    await expect(row).toContainText("B87654321");
    await expect(row).toContainText(activity);

    const filter = page.getByRole("combobox", { name: "Actividad" });
    await expect(filter).toHaveAttribute("placeholder", "Todas las actividades");
    // An activity no provider has: nobody.
    await filter.fill(unused);
    await page.getByRole("option", { name: unused }).click();
    await expect(page.getByText("No hay proveedores")).toBeVisible();

    await filter.fill(tag);
    await page.getByRole("option", { name: activity }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(row).toContainText("Ascensores");
    await expect(row).toContainText(activity);
    await expect(page.getByText("Num: 1")).toBeVisible();

    // The demo provider back to its lifts only, for the other journeys.
    await logout(page);
    await loginWith(page, DEMO.colegio.email);
    await expect(page).toHaveURL(/#\/admin\/administradores$/);
    const cleanup = await apiAs(page);
    for (const name of [activity, unused]) {
      const found = await cleanup<{ id: number | null }>("/companies/activities/exists", { name });
      if (found.id) await cleanup(`/companies/activities/delete/${found.id}`);
    }
  });
});
