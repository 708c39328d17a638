import fs from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page, test } from "@playwright/test";
import * as XLSX from "xlsx";
import {
  DEMO,
  expectAccessible,
  hashOf,
  loginWith,
  logout,
  mailLink,
  openMenu,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

/*
 * The spreadsheet imports (spec 01 §2–§5, spec 02 §2–§3; issue 20) in the browser: the colegio imports
 * administrators (the template, a file with wrong rows and its error file, the good file, the same file
 * again); the administrator imports communities from an Excel 97 file and then links the demo provider to
 * them; a file refused as a whole says why; the importer on a phone.
 *
 * The files are the server's fixtures, made by LibreOffice (apps/server/test/fixtures/sheets, README.md lists
 * every row), and one of the journeys' own (e2e/fixtures/sheets/demo-pairs: the communities of
 * communities.xls and the demo colegio's provider). Their tax ids and e-mails are fixed, so the journeys
 * that write (the good administrators, the communities and their pairs) count on the fresh data dir of each
 * run (playwright.config.ts); nothing the other specs look for is among them.
 */

const SERVER_SHEETS = fileURLToPath(new URL("../apps/server/test/fixtures/sheets/", import.meta.url));
const OWN_SHEETS = fileURLToPath(new URL("./fixtures/sheets/", import.meta.url));
const serverSheet = (name: string) => `${SERVER_SHEETS}${name}`;

/** The demo world (apps/server seed). */
const DEMO_PROVIDER = "Ascensores Levante S.L.";
const DEMO_COMMUNITY = "Comunidad de Propietarios Calle Mayor 10";

/** administrators.xlsx: rows 2, 3, 5 and 6 (row 4 is empty), the e-mails as the import stores them. */
const NEW_ADMINISTRATORS = [
  { name: "Administraciones Núñez S.L.", email: "gestion@nunez-fincas.es" },
  { name: "Fincas Peña y Asociados", cif: "00123456Z", email: "oficina@penafincas.com" },
  { name: "José Ángel Muñoz Ibáñez", email: "jangel.munoz@example.com" },
  { name: "Gestoría Águila S.L.P.", email: "gestoria@aguila.es" },
];

/** communities.xls: rows 2, 3, 5 and 6. */
const NEW_COMMUNITIES = [
  "Comunidad de Propietarios Calle Águila 3",
  "C.P. Plaza de la Peña 12",
  "Comunidad Núñez de Balboa 45",
  "Mancomunidad Ibáñez-Güell",
];

/** The wrong rows of administrators-errors.xlsx and what the importer says of each (es.json). */
const WRONG_ADMINISTRATOR_ROWS = [
  { row: 3, text: "Error en el registro, no hay cif" },
  { row: 4, text: "El correo correo@ no tiene el formato correcto: línea 4" },
  { row: 5, text: "El CIF B01234567 ya está en la fila 2 del fichero" },
];

async function loginAs(page: Page, who: "colegio" | "administrador") {
  await page.goto("./#/login");
  await loginWith(page, DEMO[who].email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO[who].start}$`));
  await expect(page.getByRole("heading", { level: 1, name: DEMO[who].title })).toBeVisible();
}

/** Opens the importer from the list's button; answers the modal, on its file chooser. */
async function openImporter(page: Page, button: string, title: string): Promise<Locator> {
  await page.getByRole("button", { name: button, exact: true }).click();
  const modal = page.getByRole("dialog", { name: title });
  await expect(modal.getByTestId("import-chooser")).toBeVisible();
  return modal;
}

/** Picks a file in the importer's drop zone (a click opens the system's file chooser). */
async function chooseSheet(page: Page, modal: Locator, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await modal.getByTestId("import-drop").click();
  await (await chooser).setFiles(file);
}

/** The run's progress as the modal asks for it (not its rows nor its error file). */
const RUN_PROGRESS = /\/imports\/runs\/\d+(\?|$)/;

/**
 * Chooses a file that the server validates whole and imports in the background: the upload's answer is a
 * run still `importing`, and the modal shows its progress ('Importando fila … de …'; the server's answers
 * to the modal's first progress requests are held back until it has been seen, as on a slow network), then
 * ends on 'Importación realizada correctamente'. Answers the end state.
 */
async function importInBackground(page: Page, modal: Locator, file: string, kind: string): Promise<Locator> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(RUN_PROGRESS, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  const started = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/imports/${kind}`));
  await chooseSheet(page, modal, file);
  const answer = (await (await started).json()) as { result: boolean; data: { status: string; total: number } };
  expect(answer).toMatchObject({ result: true, data: { status: "importing" } });
  const importing = modal.getByTestId("import-importing");
  await expect(importing).toContainText(new RegExp(`^Importando fila \\d+ de ${answer.data.total}`));
  // (At 0 % the bar's filled part has no width: it is there, not visible.)
  await expect(importing.getByRole("progressbar", { name: "Progreso de la importación" })).toBeAttached();
  await expect(importing).toContainText("Puedes cerrar esta ventana: la importación sigue en el servidor.");
  release();
  await page.unroute(RUN_PROGRESS);

  const ended = modal.getByTestId("import-ended");
  await expect(ended).toHaveAttribute("data-status", "endCorrect");
  await expect(ended.getByRole("status")).toContainText("Importación realizada correctamente");
  return ended;
}

/** The rows of the results table: 'Fila', 'Datos', 'Resultado'. */
const resultRows = (modal: Locator) => modal.getByTestId("import-results").locator("tbody tr[data-outcome]");
const resultRow = (modal: Locator, row: number) =>
  resultRows(modal).filter({ has: modal.page().getByRole("cell", { name: String(row), exact: true }) });

/** A downloaded workbook's sheet 'Datos' as rows of cells (the header first), with its file name. */
async function readDownload(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent("download");
  await click();
  const download = await downloading;
  const bytes = await fs.readFile(await download.path());
  const book = XLSX.read(bytes, { type: "buffer" });
  const sheet = book.Sheets.Datos;
  expect(sheet, `sheets: ${book.SheetNames.join(", ")}`).toBeDefined();
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet!, { header: 1, defval: "", raw: false });
  return { name: download.suggestedFilename(), sheets: book.SheetNames, rows };
}

const dataRows = (page: Page) =>
  page.getByRole("row").filter({ has: page.getByRole("button", { name: /^(Activar|Desactivar)$/ }) });
const communityRow = (page: Page, name: string) =>
  page.locator("tbody tr[data-community-id]").filter({ hasText: name });

test("the colegio imports administrators: the template, a file with wrong rows and its error file, then the good one, twice", async ({
  page,
}) => {
  test.slow();
  await loginAs(page, "colegio");

  // The template beside 'Importar Excel': the kind's headers and an example row.
  const template = await readDownload(page, () =>
    page.getByRole("button", { name: "Descargar plantilla de administradores" }).click(),
  );
  expect(template.name).toBe("Plantilla-Importacion.xlsx");
  expect(template.sheets[0]).toBe("Datos");
  expect(template.rows[0]).toEqual(["name", "cif", "email"]);
  // One example row, every column filled.
  expect(template.rows).toHaveLength(2);
  expect(template.rows[1]!.filter((cell) => cell.trim() !== "")).toHaveLength(3);

  // A file with wrong rows: nothing is imported, and each wrong row says why.
  const modal = await openImporter(page, "Importar Excel", "Importar administradores desde Excel");
  await expect(modal).toContainText("La pestaña Datos debe tener en la primera fila las columnas: name, cif, email.");
  await chooseSheet(page, modal, serverSheet("administrators-errors.xlsx"));
  const ended = modal.getByTestId("import-ended");
  await expect(ended).toHaveAttribute("data-status", "endErrors");
  const summary = ended.getByRole("status");
  await expect(summary).toContainText("Finalizado");
  await expect(summary).toContainText("3 con errores");
  await expect(summary).toContainText("No se ha importado nada: corrige estas filas y vuelve a importar el fichero.");
  // 'Ver solo errores' starts on: the three wrong rows, in sheet order, with the row numbers Excel shows.
  await expect(ended.getByRole("switch", { name: "Ver solo errores" })).toBeChecked();
  await expect(resultRows(modal)).toHaveCount(WRONG_ADMINISTRATOR_ROWS.length);
  for (const [index, { row, text }] of WRONG_ADMINISTRATOR_ROWS.entries()) {
    const line = resultRows(modal).nth(index);
    await expect(line.getByRole("cell").first()).toHaveText(String(row));
    await expect(line).toContainText(text);
    await expect(line.getByRole("img", { name: "Con error" })).toBeVisible();
  }
  // Every row: the fine one was not imported either.
  await ended.getByRole("switch", { name: "Ver solo errores" }).click({ force: true });
  await expect(resultRows(modal)).toHaveCount(4);
  await expect(resultRow(modal, 2)).toContainText("Administraciones Núñez S.L. · B01234567 · gestion@nunez-fincas.es");
  await expect(resultRow(modal, 2)).toContainText("Correcta; no se importó porque hay filas con errores");

  // The error file: every row as it came, with the reason in the last column 'error'.
  const errors = await readDownload(page, () =>
    modal.getByRole("button", { name: "Descargar fichero de errores" }).click(),
  );
  expect(errors.name).toBe("Errores-Importacion.xlsx");
  expect(errors.sheets[0]).toBe("Datos");
  expect(errors.rows).toEqual([
    ["name", "cif", "email", "error"],
    ["Administraciones Núñez S.L.", "B01234567", "gestion@nunez-fincas.es", ""],
    ["Fincas Sin CIF", "", "sincif@example.com", WRONG_ADMINISTRATOR_ROWS[0]!.text],
    ["Gestoría Peña", "B02345678", "correo@", WRONG_ADMINISTRATOR_ROWS[1]!.text],
    ["Administraciones Núñez Duplicada", "B01234567", "otra@nunez-fincas.es", WRONG_ADMINISTRATOR_ROWS[2]!.text],
  ]);

  // 'Reintentar' goes back to the chooser; the good file is imported in the background.
  await modal.getByRole("button", { name: "Reintentar" }).click();
  await expect(modal.getByTestId("import-chooser")).toBeVisible();
  let done = await importInBackground(page, modal, serverSheet("administrators.xlsx"), "administrators");
  await expect(done.getByTestId("import-counts")).toHaveText("4 dadas de alta");
  await expect(done.getByRole("button", { name: "Descargar fichero de errores" })).toHaveCount(0);
  await expect(done.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
  await expect(resultRows(modal)).toHaveCount(4);
  for (const row of [2, 3, 5, 6])
    await expect(resultRow(modal, row)).toContainText("Dada de alta; le hemos enviado la invitación");
  await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(modal).toBeHidden();

  // The new administrators are in the list, waiting to register.
  const pena = NEW_ADMINISTRATORS[1]!;
  await page.getByRole("textbox", { name: "Buscar" }).fill(pena.name);
  await expect(dataRows(page)).toHaveCount(1);
  const listed = dataRows(page).first();
  await expect(listed).toContainText(pena.name);
  // The NIF keeps its leading zeros (a text cell); the e-mail was written 'Oficina@PenaFincas.com'.
  await expect(listed).toContainText(pena.cif!);
  await expect(listed).toContainText(pena.email);
  await expect(listed).toContainText("Registro pendiente");
  const [invitation] = await waitForMail(NEW_ADMINISTRATORS[0]!.email);
  expect(invitation!.subject).toBe("Completa tu registro en Coordina");
  expect(invitation!.text).toContain("Colegio de Administradores de Fincas de Madrid");

  // The same file again: every row was there already, and nobody is mailed again.
  const again = await openImporter(page, "Importar Excel", "Importar administradores desde Excel");
  done = await importInBackground(page, again, serverSheet("administrators.xlsx"), "administrators");
  await expect(done.getByTestId("import-counts")).toHaveText("4 ya estaban");
  for (const row of [2, 3, 5, 6]) await expect(resultRow(again, row)).toContainText("Ya estaba en el colegio");
  await again.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(again).toBeHidden();
  // The mail worker sends in the order mails were queued: once a mail queued after the second run has
  // arrived, a mail that run had queued would have arrived before it.
  const marker = uniqueEmail("tras-importar");
  await page.getByRole("button", { name: "Añadir", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Invitar a una compañía" });
  await invite.getByRole("radio", { name: "Proveedor" }).check();
  await invite.getByLabel("Nombre de la compañía").fill(`Tras importar ${Date.now().toString(36)} S.L.`);
  await invite.getByLabel("E-mail del gestor").fill(marker);
  await invite.getByRole("button", { name: "Enviar" }).click();
  await expect(invite.getByText("Invitación enviada correctamente")).toBeVisible();
  await invite.getByRole("button", { name: "Terminar" }).click();
  await waitForMail(marker);
  for (const { email } of NEW_ADMINISTRATORS) expect(await waitForMail(email)).toHaveLength(1);
  await logout(page);

  // The invitation's link opens the registration of that administrator.
  await page.goto(mailLink(invitation!));
  expect(hashOf(page)).toMatch(/^\/invitation\?token=/);
  await expect(page.getByText(NEW_ADMINISTRATORS[0]!.email)).toBeVisible();
  await expect(page.getByRole("button", { name: "Establecer contraseña" })).toBeVisible();
});

test("the administrator imports communities from an Excel 97 file, then links the demo provider to them", async ({
  page,
}) => {
  test.slow();
  await loginAs(page, "administrador");

  let modal = await openImporter(page, "Importar comunidades", "Importar comunidades desde Excel");
  await expect(modal).toContainText("La pestaña Datos debe tener en la primera fila las columnas: name, cif.");
  let done = await importInBackground(page, modal, serverSheet("communities.xls"), "communities");
  await expect(done.getByTestId("import-counts")).toHaveText("4 dadas de alta");
  for (const row of [2, 3, 5, 6]) await expect(resultRow(modal, row)).toContainText("Finca creada");
  await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(modal).toBeHidden();
  for (const name of NEW_COMMUNITIES) await expect(communityRow(page, name)).toBeVisible();
  await expect(communityRow(page, NEW_COMMUNITIES[0]!).locator('[data-column="providers"]')).toHaveText("0");

  // The pairs: the demo provider into three of them (one tax id written with a dash and dots), and the demo
  // community it already serves.
  modal = await openImporter(page, "Importar proveedores", "Importar los proveedores de cada comunidad desde Excel");
  await expect(modal).toContainText(
    "La pestaña Datos debe tener en la primera fila las columnas: cif_finca, cif_provider.",
  );
  done = await importInBackground(page, modal, `${OWN_SHEETS}demo-pairs.xlsx`, "pairs");
  await expect(done.getByTestId("import-counts")).toHaveText("3 asociadas, 1 ya estaba");
  for (const row of [2, 3, 4]) await expect(resultRow(modal, row)).toContainText("Proveedor asociado a la finca");
  await expect(resultRow(modal, 5)).toContainText(
    "El proveedor con nif B87654321 ya está asociado a la finca H28123456",
  );
  await expect(resultRow(modal, 5).getByRole("img", { name: "Sin cambios" })).toBeVisible();
  await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(modal).toBeHidden();

  // The list's figures follow; the community's providers page shows the provider with its lights.
  for (const name of NEW_COMMUNITIES.slice(0, 3))
    await expect(communityRow(page, name).locator('[data-column="providers"]')).toHaveText("1");
  await expect(communityRow(page, NEW_COMMUNITIES[3]!).locator('[data-column="providers"]')).toHaveText("0");
  await expect(communityRow(page, DEMO_COMMUNITY).locator('[data-column="providers"]')).toHaveText("1");
  await communityRow(page, NEW_COMMUNITIES[0]!).click();
  await expect(page).toHaveURL(/#\/comunidades\/comunidad\/\d+\/proveedores$/);
  await expect(page.getByRole("heading", { name: NEW_COMMUNITIES[0]! })).toBeVisible();
  const provider = page.locator("tbody tr[data-provider-id]").filter({ hasText: DEMO_PROVIDER });
  await expect(provider).toHaveCount(1);
  await expect(provider).toContainText("B87654321");
  await expect(provider.getByRole("button", { name: /^(Documentos|Nada pendiente)/ })).toHaveCount(2);
  await expect(page.locator("tbody tr[data-provider-id]")).toHaveCount(1);
  await logout(page);
});

test("a file refused as a whole says why, and 'Reintentar' lets another be chosen", async ({ page }) => {
  await loginAs(page, "colegio");
  await openMenu(page, "Proveedores");
  await expect(page.getByRole("heading", { level: 1, name: "Proveedores" })).toBeVisible();
  const modal = await openImporter(page, "Importar Excel", "Importar proveedores desde Excel");

  await chooseSheet(page, modal, serverSheet("no-datos.xlsx"));
  const refused = modal.getByTestId("import-refused");
  await expect(refused.getByRole("alert")).toHaveText("No existe la pestaña Datos");
  await refused.getByRole("button", { name: "Reintentar" }).click();
  await expect(modal.getByTestId("import-chooser")).toBeVisible();

  // Back on the chooser the drop zone has the focus, and Enter opens the system's file chooser.
  await expect(modal.getByRole("button", { name: "Haz click o arrastra aquí el fichero Excel" })).toBeFocused();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(serverSheet("missing-cif.xlsx"));
  await expect(refused.getByRole("alert")).toHaveText("Cabecera cif no encontrada en la excel");
  await expect(refused.getByRole("button", { name: "Reintentar" })).toBeVisible();
  await refused.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(modal).toBeHidden();
  await logout(page);
});

test("on a phone the importer fills the screen, its buttons are in reach and the results are cards", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, "colegio");
  const modal = await openImporter(page, "Importar Excel", "Importar administradores desde Excel");
  await chooseSheet(page, modal, serverSheet("administrators-errors.xlsx"));
  const ended = modal.getByTestId("import-ended");
  await expect(ended).toHaveAttribute("data-status", "endErrors");

  // The wrong rows as cards, not a table scrolled sideways.
  const cards = modal.getByRole("list", { name: "Resultado de la importación" }).getByRole("listitem");
  await expect(cards).toHaveCount(WRONG_ADMINISTRATOR_ROWS.length);
  await expect(modal.getByTestId("import-results")).toHaveCount(0);
  for (const [index, { row, text }] of WRONG_ADMINISTRATOR_ROWS.entries()) {
    await expect(cards.nth(index)).toContainText(`Fila ${row}`);
    await expect(cards.nth(index)).toContainText(text);
  }
  const sideways = await modal.locator(".mantine-Modal-body").evaluate((body) => body.scrollWidth - body.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  for (const name of ["Descargar fichero de errores", "Reintentar", "Cerrar"]) {
    const button = modal.getByRole("button", { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  await expectAccessible(page);

  // The same end state on a wide screen: a table.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(resultRows(modal)).toHaveCount(WRONG_ADMINISTRATOR_ROWS.length);
  await expectAccessible(page);
  await modal.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(modal).toBeHidden();
  await logout(page);
});
