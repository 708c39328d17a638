import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { acceptTerms, colegioApi, DEMO, expectSoundPage, loginWith, logout, openMenu } from "./fixtures";

/*
 * The colegio's legal texts (issue 23 part 4): the colegio saves a new version of the providers' conditions in the
 * editor of /config-legal; the demo provider, at its next login, is asked to accept again, reads the new text and
 * accepts it; the export lists that acceptance. And a text with an attempted script, sent straight to the save
 * call, runs nothing in the provider's browser. Each journey ends with the provider's acceptance of the current
 * version, so later journeys find the demo provider as before.
 *
 * Versions are never deleted: from here on the demo colegio has its own providers' conditions, and a provider who
 * accepted only the built-in text is asked again in it. The journeys run one file at a time in name order, and
 * this file's name keeps it after those that count on the built-in text there (multi-colegio.spec.ts: a provider
 * accepts with no colegio chosen, then picks the demo colegio); a provider created later accepts the demo
 * colegio's version with the same pop-up (visit-calendar.spec.ts).
 */

const WIDTHS = [
  { name: "1366×768", viewport: { width: 1366, height: 768 } },
  { name: "375×812", viewport: { width: 375, height: 812 } },
];

/** Clicks 'Exportar aceptaciones' and answers the CSV's text (its byte-order mark checked). */
async function exportAcceptances(page: Page): Promise<string> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar aceptaciones" }).click();
  const download = await downloading;
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(download.suggestedFilename()).toMatch(/^aceptaciones-condiciones-\d{4}-\d\d-\d\d\.csv$/);
  return bytes.toString("utf8").slice(1);
}

for (const width of WIDTHS) {
  test.describe(`legal texts at ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    test("a new version of the providers' conditions is asked again at the provider's next login, and exported", async ({
      page,
    }) => {
      test.slow();
      const words = `Condiciones de prueba ${width.name} ${Date.now()}`;
      await page.goto("./#/login");
      await loginWith(page, DEMO.colegio.email);
      await openMenu(page, "Textos legales");
      await expect(page).toHaveURL(/#\/config-legal$/);
      await expectSoundPage(page, "/config-legal");

      // The legal advice: saved at once (nobody accepts it).
      const advice = `Aviso legal del colegio ${width.name} ${Date.now()}`;
      await page.getByRole("tab", { name: "Aviso legal" }).click();
      await page.getByRole("textbox", { name: "Texto de «Aviso legal»" }).click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(advice);
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(page.getByTestId("legal-text-saved")).toContainText("Versión guardada el");

      await page.getByRole("tab", { name: "Condiciones para proveedores" }).click();
      const editor = page.getByRole("textbox", { name: "Texto de «Condiciones para proveedores»" });
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(words);
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Negrita" }).click();
      await page.keyboard.type("Las cuentas pueden bloquearse por un uso indebido.");
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: "Guardar una versión nueva de las condiciones" });
      await expect(confirm).toContainText("Todos los proveedores del colegio tendrán que aceptar de nuevo");
      await expectSoundPage(page, "/config-legal, the question before saving");
      await confirm.getByRole("button", { name: "Guardar versión nueva" }).click();
      await expect(page.getByTestId("legal-text-saved")).toContainText("Versión guardada el");
      await expect(page.getByTestId("legal-text-versions").getByRole("listitem").first()).toContainText(
        DEMO.colegio.email,
      );
      await logout(page);

      // The provider is asked again at its next login, and reads the new text.
      await loginWith(page, DEMO.gremio.email);
      await expect(page).toHaveURL(/#\/legal$/);
      const terms = page.getByRole("dialog");
      await expect(terms).toHaveCSS("opacity", "1");
      await expect(terms.getByTestId("terms-text")).toContainText(words);
      await expect(terms.getByTestId("terms-text").locator("strong")).toHaveText(
        "Las cuentas pueden bloquearse por un uso indebido.",
      );
      await expect(terms.getByTestId("terms-updated")).not.toContainText("2024");
      await expectSoundPage(page, "/legal");
      await acceptTerms(page);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.gremio.start}$`));
      await expect(page.getByRole("heading", { level: 1, name: DEMO.gremio.title })).toBeVisible();
      // Both texts stay readable in 'Aviso legal'.
      await openMenu(page, "Aviso legal");
      await expect(page.getByTestId("aviso-legal-text")).toHaveText(advice);
      await expect(page.getByTestId("terms-text")).toContainText(words);
      await expectSoundPage(page, "/aviso-legal");
      await logout(page);

      // It is not asked again, and the export lists its acceptance of that version.
      await loginWith(page, DEMO.gremio.email);
      await expect(page).toHaveURL(new RegExp(`#${DEMO.gremio.start}$`));
      await logout(page);
      await loginWith(page, DEMO.colegio.email);
      await openMenu(page, "Textos legales");
      const csv = await exportAcceptances(page);
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toBe("Usuario;Empresa;Rol;Condiciones;Versión;Aceptadas el");
      const provider = lines.filter((line) => line.startsWith(`${DEMO.gremio.email};`));
      expect(provider.length).toBeGreaterThan(0);
      expect(provider[0]).toMatch(/;Proveedor;Condiciones para proveedores;\d\d\/\d\d\/\d{4}, \d\d:\d\d;/);
    });
  });
}

test("a script in a saved text never runs in the provider's browser", async ({ page, request }) => {
  // Through the editor's HTML path: HTML pasted into the legal advice keeps only what the editor knows, and the
  // server keeps only its allow-list of that.
  await page.goto("./#/login");
  await loginWith(page, DEMO.colegio.email);
  await openMenu(page, "Textos legales");
  const editor = page.getByRole("textbox", { name: "Texto de «Aviso legal»" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await editor.evaluate((target) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      `<p>Aviso pegado</p><img src="x" onerror="window.__xss = 'paste'"><script>window.__xss = 'paste-script'</script><p style="color:red" onclick="window.__xss = 'paste-click'"><a href="javascript:window.__xss='paste-link'">enlace pegado</a></p>`,
    );
    data.setData("text/plain", "Aviso pegado");
    target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(editor).toContainText("Aviso pegado");
  const saving = page.waitForResponse((r) => r.url().endsWith("/settings/legal-texts/add"));
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  const pasted = (await (await saving).json()) as { data: { html: string } };
  expect(pasted.data.html).toContain("Aviso pegado");
  expect(pasted.data.html).not.toMatch(/script|onerror|onclick|style=|javascript:|<img/i);
  await logout(page);

  const post = await colegioApi(request);
  const saved = await post<{ data: { html: string } }>("/settings/legal-texts/add", {
    kind: "condiciones-proveedores",
    html: `<p>Condiciones con trampa</p><img src="x" onerror="window.__xss = 'img'"><script>window.__xss = 'script'</script>
      <p onmouseover="window.__xss = 'hover'"><a href="javascript:window.__xss='link'">Pulsa aquí</a></p>
      <svg onload="window.__xss = 'svg'"></svg><iframe src="javascript:parent.__xss='iframe'"></iframe>`,
  });
  expect(saved.data.html).not.toMatch(/script|onerror|onload|onmouseover|javascript:|<img|<svg|<iframe/i);

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await loginWith(page, DEMO.gremio.email);
  await expect(page).toHaveURL(/#\/legal$/);
  // The pasted legal advice, opened in the pop-up.
  await page.getByRole("dialog").getByRole("button", { name: "Aviso legal del colegio" }).click();
  const advice = page.getByRole("dialog").getByTestId("aviso-legal-text");
  await expect(advice).toContainText("Aviso pegado");
  await advice.getByText("enlace pegado").click();
  await expect(advice.locator("img")).toHaveCount(0);
  const text = page.getByRole("dialog").getByTestId("terms-text");
  await expect(text).toContainText("Condiciones con trampa");
  await text.getByText("Pulsa aquí").hover();
  await text.getByText("Pulsa aquí").click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await expect(page.locator("[onerror], [onload], [onmouseover], script:not([src]):not([type])")).toHaveCount(0);
  await expect(text.locator("img, svg, iframe")).toHaveCount(0);
  await expect(text.getByText("Pulsa aquí")).not.toHaveAttribute("href", /.*/);
  expect(dialogs).toEqual([]);
  await acceptTerms(page);
  await expect(page).toHaveURL(new RegExp(`#${DEMO.gremio.start}$`));
});
