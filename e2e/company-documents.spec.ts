import { expect, type Page, test } from "@playwright/test";
import {
  colegioApi,
  DEMO,
  ddmmyyyy,
  dropFile,
  expectSoundPage,
  isPhone,
  loginWith,
  makePdf,
  openMenu,
  openPicker,
  pickDay,
} from "./fixtures";

/*
 * A company's own documents (issue 23: /documents/summary 'Resumen de documentos', /documents/uploaded
 * 'Documentos subidos'): the demo provider sees a mandatory document that expires within 30 days in its
 * summary, finds it among its uploaded documents with the filters (kept in the address), edits its expiry
 * to two months ahead, the summary says it is valid, and it is replaced by a new file. At 1366×768 and at 375×812, each width with its own
 * definition, so that what one leaves does not count in the other.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;
const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`;

/** YYYY-MM-DD `days` from today. */
function inDays(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
const shown = (iso: string) => ddmmyyyy(new Date(`${iso}T12:00:00`));

async function loginAsProvider(page: Page) {
  await page.goto("./#/login");
  await loginWith(page, DEMO.gremio.email);
  await expect(page).toHaveURL(new RegExp(`#${DEMO.gremio.start}`));
}

/** Uploads a PDF for a general definition as the user logged in on `page`, with an expiry date. */
async function uploadAs(page: Page, definitionId: number, name: string, obsolete: string) {
  const stored = await page.evaluate(
    () => localStorage.getItem("coordina.currentUser") ?? sessionStorage.getItem("coordina.currentUser"),
  );
  const session = JSON.parse(stored ?? "{}") as { token: string; colegio: { id: number } };
  const response = await page.request.post(`/companies/documents/upload-defined-file?colg_id=${session.colegio.id}`, {
    headers: { Authentication: `Bearer ${session.token}` },
    multipart: {
      id_definition: String(definitionId),
      obsolete,
      file: { name, mimeType: "application/pdf", buffer: await makePdf(`${name} ${run}`) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A figure at the top of the summary. */
const figure = (page: Page, which: "valid" | "soon" | "expired" | "pending") =>
  page.getByTestId(`summary-${which}-value`);
const figureValue = async (page: Page, which: "valid" | "soon" | "expired" | "pending") =>
  Number(await figure(page, which).textContent());

for (const size of WIDTHS) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // A long journey (two date pickers, an upload, five screens with axe) on a busy machine.
    test.describe.configure({ timeout: 180_000 });
    const tag = `${run}-${size.width}`;
    const DEFINITION = `Certificado de la Seguridad Social ${tag}`;
    const FILE = `ss-${tag}.pdf`;

    test("the provider's summary, its uploaded documents filtered, an expiry edited and the summary moved", async ({
      page,
      request,
    }) => {
      const colegio = await colegioApi(request);
      const definition = (
        await colegio<{ data: { id: number } }>("/document-require-definitions/add", {
          name: DEFINITION,
          requirement_origin: 5, // Requirement.provider (a value import of @coordina/domain does not load here)
          mandatory: true,
          obsoletable: true,
        })
      ).data;
      await loginAsProvider(page);
      const soon = inDays(10);
      await uploadAs(page, definition.id, FILE, soon);

      // The summary: the definition expires within 30 days, with its date and an amber light.
      await openMenu(page, "Resumen de documentos");
      await expect(page).toHaveURL(/#\/documents\/summary$/);
      await expect(page.getByRole("heading", { level: 1, name: "Resumen de documentos" })).toBeVisible();
      const row = page.getByTestId("summary-definition").filter({ hasText: DEFINITION });
      await expect(row).toHaveAttribute("data-light", "warn");
      await expect(row.getByTestId("summary-duty-state")).toHaveText(`Caduca el ${shown(soon)}`);
      await expect(row.getByRole("link", { name: /^Subir/ })).toBeVisible();
      await expect(figure(page, "soon")).not.toHaveText("0");
      const before = { valid: await figureValue(page, "valid"), soon: await figureValue(page, "soon") };
      await expectSoundPage(page, "Resumen de documentos");

      // 'Documentos subidos': filtered by the definition and by 'Caduca en 30 días', kept in the address.
      await openMenu(page, "Documentos subidos");
      await expect(page).toHaveURL(/#\/documents\/uploaded$/);
      await page.getByLabel("Tipo de documento").selectOption({ label: DEFINITION });
      await expect(page).toHaveURL(new RegExp(`definition=${definition.id}`));
      await page.getByLabel("Caducidad", { exact: true }).selectOption({ label: "Caduca en 30 días" });
      await expect(page).toHaveURL(/expiry=soon/);
      const entry = page.getByRole(isPhone(page) ? "listitem" : "row").filter({ hasText: FILE });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByTestId("uploaded-expiry")).toHaveText(`Caduca el ${shown(soon)}`);
      await expect(page.getByTestId("uploaded-count")).toHaveText("1 documento");
      await expectSoundPage(page, "Documentos subidos");
      // A reload keeps the filters.
      await page.reload();
      await expect(page.getByLabel("Tipo de documento")).toHaveValue(String(definition.id));
      await expect(entry).toHaveCount(1);

      // Edit its expiry: two months ahead, on the 15th.
      await entry.getByRole("button", { name: `Editar ${FILE}` }).click();
      const dialog = page.getByRole("dialog", { name: "Editar documento" });
      await expect(dialog).toBeVisible();
      await openPicker(page, dialog.getByRole("button", { name: "Fecha de caducidad", exact: true }));
      await pickDay(page, 2, 15);
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await expect(dialog).toBeHidden();
      // It no longer expires within 30 days: the filtered list is empty; without that filter it is 'Caduca el 15/…'.
      await expect(entry).toHaveCount(0);
      await expect(page.getByText("No hay documentos").first()).toBeVisible();
      await page.getByLabel("Caducidad", { exact: true }).selectOption({ label: "Todos" });
      await expect(page).not.toHaveURL(/expiry=/);
      const later = new Date();
      later.setDate(1);
      later.setMonth(later.getMonth() + 2);
      later.setDate(15);
      await expect(entry.getByTestId("uploaded-expiry")).toHaveText(`Caduca el ${ddmmyyyy(later)}`);

      // The summary moved: the definition is valid, one fewer expiring soon, one more valid.
      await openMenu(page, "Resumen de documentos");
      await expect(row).toHaveAttribute("data-light", "ok");
      await expect(row.getByTestId("summary-duty-state")).toHaveText("Vigente");
      await expect(row.getByRole("link", { name: /^Subir/ })).toHaveCount(0);
      await expect(figure(page, "soon")).toHaveText(String(before.soon - 1));
      await expect(figure(page, "valid")).toHaveText(String(before.valid + 1));
      await expectSoundPage(page, "Resumen de documentos, después");

      // 'Sustituir': a new file for the same definition; without the date it demands, the edit form asks for it.
      await openMenu(page, "Documentos subidos");
      await page.getByLabel("Tipo de documento").selectOption({ label: DEFINITION });
      await entry.getByRole("button", { name: `Sustituir ${FILE}` }).click();
      const replace = page.getByRole("dialog", { name: "Sustituir documento" });
      await expect(replace).toContainText(DEFINITION);
      const NEW_FILE = `ss-nuevo-${tag}.pdf`;
      await dropFile(page, replace.getByTestId("upload-area"), NEW_FILE, await makePdf(`${NEW_FILE} ${run}`));
      await expect(replace).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Fecha de caducidad obligatoria");
      await openPicker(page, dialog.getByRole("button", { name: "Fecha de caducidad", exact: true }));
      await pickDay(page, 3, 10);
      await dialog.getByRole("button", { name: "Guardar" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("uploaded-count")).toHaveText("2 documentos");
      await expect(entry.getByTestId("uploaded-replaced")).toHaveText("Sustituido por uno más reciente");
      const newer = page.getByRole(isPhone(page) ? "listitem" : "row").filter({ hasText: NEW_FILE });
      await expect(newer.getByTestId("uploaded-replaced")).toHaveCount(0);
      await expectSoundPage(page, "Documentos subidos, sustituido");
    });
  });
}
