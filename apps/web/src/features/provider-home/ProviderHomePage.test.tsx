import { type PendingReadRow, Role, type UploadPendingRow } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import ProviderHomePage from "./ProviderHomePage";

const READS = "/companies/providers/doc-read-pending-by-provider";
const UPLOADS = "/companies/providers/upload_pending";

const upload: UploadPendingRow = {
  definition_id: 4,
  definition_name: "Seguro de responsabilidad civil",
  finca_id: null,
  finca_name: null,
  state: "missing",
  obsolete: null,
};

describe("'Tareas pendientes' when a list cannot be read", () => {
  it("shows why with 'Reintentar' in that panel, which asks again and shows the list", async () => {
    startTestSession([], { role: Role.gremio, email: "proveedor@ascensores.es" });
    // The uploads fail once (500), then answer; the reads answer at once.
    let uploadsAsked = 0;
    const calls = stubServer((path) => {
      if (path === UPLOADS)
        return ++uploadsAsked === 1
          ? json(500, { result: false, error: "error.generic-error" })
          : json(200, { result: true, data: [upload] });
      if (path === READS) return json(200, { result: true, data: [] as PendingReadRow[] });
      throw new Error(`unexpected call to ${path}`);
    });
    const { user } = renderInApp(<ProviderHomePage />, { route: "/proveedores/main" });

    const uploads = await screen.findByRole("region", { name: "Documentos pendientes de subida" });
    const error = await within(uploads).findByRole("alert");
    // The other panel is unaffected.
    const reads = screen.getByRole("region", { name: "Lecturas pendientes" });
    expect(await within(reads).findByText("No tienes lecturas pendientes")).toBeTruthy();

    await user.click(within(error).getByRole("button", { name: "Reintentar" }));
    expect(await within(uploads).findByText("Seguro de responsabilidad civil")).toBeTruthy();
    expect(within(uploads).getByText("Sin subir")).toBeTruthy();
    expect(within(uploads).queryByRole("alert")).toBeNull();
    expect(within(uploads).queryByRole("button", { name: "Reintentar" })).toBeNull();
    expect(calls.filter((c) => c.path === UPLOADS)).toHaveLength(2);
    expect(calls.filter((c) => c.path === READS)).toHaveLength(1);
  });
});

describe("'Tareas pendientes' with nothing owed", () => {
  it("says nothing is expected now, in neutral grey, without claiming the provider is up to date", async () => {
    startTestSession([], { role: Role.gremio, email: "proveedor@ascensores.es" });
    stubServer((path) => {
      if (path === UPLOADS) return json(200, { result: true, data: [] as UploadPendingRow[] });
      if (path === READS) return json(200, { result: true, data: [] as PendingReadRow[] });
      throw new Error(`unexpected call to ${path}`);
    });
    renderInApp(<ProviderHomePage />, { route: "/proveedores/main" });

    // A provider with no community owes nothing either: nothing here may read as "all done".
    const reads = await screen.findByRole("region", { name: "Lecturas pendientes" });
    expect(
      await within(reads).findByText("Ninguna de tus comunidades espera ahora que leas un documento."),
    ).toBeTruthy();
    const uploads = screen.getByRole("region", { name: "Documentos pendientes de subida" });
    expect(
      await within(uploads).findByText("Ninguna de tus comunidades espera ahora que subas un documento."),
    ).toBeTruthy();
    for (const id of ["pending-reads-count", "pending-uploads-count"]) {
      const badge = screen.getByTestId(id);
      expect(badge.getAttribute("data-count")).toBe("0");
      expect(badge.style.getPropertyValue("--badge-bg")).toMatch(/gray/);
    }
    expect(screen.queryByText(/Buen trabajo|al día/)).toBeNull();
  });
});
