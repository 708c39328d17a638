import { Role } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import CompanySettingsPage from "./CompanySettingsPage";

describe("the company settings' name (issue 21: one name per screen)", () => {
  it("is 'Datos de la empresa', as its menu entry, with the company's data and its manager under it", async () => {
    startTestSession([], { role: Role.gremio, companyId: 2 });
    const company = {
      ...{ id: 2, name: "Limpiezas Sol", cif: "B12345678", type: Role.gremio, erased: false, email: null },
      ...{ person: null, tfn: null, address: null, city: null, country: null, postcode: null },
      ...{ owner_company_id: null, region: null, activities: [], editable: true },
      owner_user: { id: 1, email: "gestor@limpiezas.es", user_role: Role.gremio },
    };
    stubServer(() => json(200, { result: true, company }));
    renderInApp(<CompanySettingsPage />, { route: "/config" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Datos de la empresa");
    expect(screen.getByRole("heading", { name: "Ficha de la empresa" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Gestor de la cuenta" })).toBeTruthy();
    expect(screen.queryByText("Configuración de la empresa")).toBeNull();
  });
});
