import { expect, test } from "@playwright/test";
import { DEMO, loginWith, openMenu } from "./fixtures";

test.describe("company settings", () => {
  test("the administrator edits its company's data: wrong values are held back, a valid change survives a reload", async ({
    page,
  }) => {
    const updates: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/companies/companies/update")) updates.push(r.postData() ?? "");
    });
    await page.goto("./#/login");
    await loginWith(page, DEMO.administrador.email);
    await openMenu(page, "Datos de la empresa");
    await expect(page).toHaveURL(/#\/config$/);

    const card = page.getByRole("main");
    await expect(page.getByRole("heading", { name: "Datos de la empresa" })).toBeVisible();
    const name = card.getByRole("textbox", { name: "Nombre" });
    const postcode = card.getByRole("textbox", { name: "Código postal" });
    const phone = card.getByRole("textbox", { name: "Teléfono" });
    const email = card.getByRole("textbox", { name: "E-mail de contacto" });
    const save = card.getByRole("button", { name: "Guardar" });
    await expect(name).toHaveValue("Fincas Centro Administración S.L.");
    await expect(card.getByRole("textbox", { name: "CIF/NIF" })).toHaveValue("B86123450");
    await expect(postcode).toHaveValue("28013");
    await expect(phone).toHaveValue("910000001");
    // An administrator has no region; only a colegio chooses one.
    await expect(page.getByRole("combobox", { name: "Comunidad autónoma" })).toHaveCount(0);
    await expect(page.getByTestId("company-manager")).toHaveValue(DEMO.administrador.email);
    await expect(save).toBeDisabled();

    // A postcode of four characters: the message shows once the field is left, and nothing is sent.
    await postcode.fill("2801");
    await expect(save).toBeEnabled();
    await expect(page.getByText("El código postal debe estar vacío o tener 5 caracteres")).toHaveCount(0);
    await postcode.blur();
    await expect(page.getByText("El código postal debe estar vacío o tener 5 caracteres")).toBeVisible();
    await email.fill("sin-arroba");
    await name.fill("  ");
    await save.click();
    await expect(page.getByText("El email no tiene un formato válido")).toBeVisible();
    await expect(page.getByText("Debe introducir nombre")).toBeVisible();
    await expect(page.getByTestId("company-saved")).toHaveCount(0);

    // Back to what was loaded: nothing to save.
    await name.fill("Fincas Centro Administración S.L.");
    await email.fill("");
    await postcode.fill("28013");
    await expect(save).toBeDisabled();
    await expect(page.getByText(/código postal|formato válido|introducir nombre/)).toHaveCount(0);
    expect(updates).toEqual([]);

    await postcode.fill("28014");
    await phone.fill("910000099");
    await email.fill("contacto@fincascentro.test");
    await save.click();
    await expect(page.getByTestId("company-saved")).toHaveText("Datos guardados correctamente");
    await expect(save).toBeDisabled();
    expect(updates).toHaveLength(1);
    expect(JSON.parse(updates[0]!)).toMatchObject({
      name: "Fincas Centro Administración S.L.",
      cif: "B86123450",
      company_data: { postcode: "28014", tfn: "910000099", email: "contacto@fincascentro.test", country: "Madrid" },
    });
    expect(JSON.parse(updates[0]!).company_data).not.toHaveProperty("region");

    await page.reload();
    await expect(postcode).toHaveValue("28014");
    await expect(phone).toHaveValue("910000099");
    await expect(email).toHaveValue("contacto@fincascentro.test");

    // The demo's data back as it was, for the other journeys.
    await postcode.fill("28013");
    await phone.fill("910000001");
    await email.fill("");
    await save.click();
    await expect(page.getByTestId("company-saved")).toBeVisible();
  });

  test("the colegio also chooses its region", async ({ page }) => {
    await page.goto("./#/login");
    await loginWith(page, DEMO.colegio.email);
    await openMenu(page, "Datos de la empresa");
    await expect(page.getByRole("textbox", { name: "Nombre" })).toHaveValue(
      "Colegio de Administradores de Fincas de Madrid",
    );
    const region = page.getByRole("combobox", { name: "Comunidad autónoma" });
    await expect(region).toHaveValue("Comunidad de Madrid");
    const save = page.getByRole("button", { name: "Guardar" });
    await expect(save).toBeDisabled();
    await region.fill("Andal");
    await page.getByRole("option", { name: "Andalucía" }).click();
    await save.click();
    await expect(page.getByTestId("company-saved")).toBeVisible();
    await page.reload();
    await expect(region).toHaveValue("Andalucía");

    await region.fill("Comunidad de");
    await page.getByRole("option", { name: "Comunidad de Madrid" }).click();
    await save.click();
    await expect(page.getByTestId("company-saved")).toBeVisible();
  });
});
