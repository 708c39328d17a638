import { Role } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { documentRow, expiringDefinition } from "../../../test/documents";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import DocumentUploadPage from "./DocumentUploadPage";

const bound = (id: number, name: string) => ({ ...expiringDefinition(id, name), obsoletable: false, assocfinca: true });

/** A provider serving 'Comunidad Sol' (7), with two per-community definitions there, one already uploaded. */
function stubProviderServer() {
  return stubServer((path, body) => {
    if (path.endsWith("/companies/fincas/provider"))
      return json(200, { result: true, data: [{ id: 7, name: "Comunidad Sol", cif: "H28000007" }], count: 1 });
    if (path.endsWith("/companies/fincas/view/7"))
      return json(200, { result: true, finca: { id: 7, name: "Comunidad Sol", cif: "H28000007" } });
    if (path.endsWith("/getcompanydefined") && body.id_finca === 7)
      return json(200, {
        result: true,
        company: { id: 2, name: "Ascensores Levante S.L." },
        data: [
          {
            definition: bound(11, "Acta de revisión"),
            documents: [documentRow(1, "acta.pdf", 11, "2099-01-01", { id_finca: 7 })],
            templates: [],
            can_upload: true,
            can_validate: false,
          },
          {
            definition: bound(12, "Plan de trabajo"),
            documents: [],
            templates: [],
            can_upload: true,
            can_validate: false,
          },
        ],
      });
    return json(404, { result: false, error: "error.not-found" });
  });
}

describe("/documents/upload 'Subir documento'", () => {
  it("asks for the community first", async () => {
    startTestSession([], { role: Role.gremio });
    stubProviderServer();
    renderInApp(<DocumentUploadPage />, { route: "/documents/upload" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Subir documento");
    expect(screen.getByText("Elige primero la comunidad.")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Tipo de documento" })).toBeNull();
  });

  it("opens on the community and definition of the address, with that definition's upload box", async () => {
    startTestSession([], { role: Role.gremio });
    const calls = stubProviderServer();
    renderInApp(<DocumentUploadPage />, { route: "/documents/upload?finca=7&definition=12" });
    const definition = (await screen.findByRole("combobox", { name: "Tipo de documento" })) as HTMLInputElement;
    expect(definition.value).toBe("Plan de trabajo · Sin subir");
    const box = await screen.findByTestId("definition-box");
    expect(box.getAttribute("data-definition-id")).toBe("12");
    expect(within(box).getByText("No hay documentos")).toBeTruthy();
    expect(within(box).getByTestId("upload-area")).toBeTruthy();
    expect(((await screen.findByDisplayValue("Comunidad Sol (H28000007)")) as HTMLInputElement).value).toBe(
      "Comunidad Sol (H28000007)",
    );
    expect(calls.some((c) => c.path.endsWith("/getcompanydefined") && c.body.id_finca === 7)).toBe(true);
  });

  it("offers the definitions still to upload before those uploaded", async () => {
    startTestSession([], { role: Role.gremio });
    stubProviderServer();
    const { user } = renderInApp(<DocumentUploadPage />, { route: "/documents/upload?finca=7" });
    await user.click(await screen.findByRole("combobox", { name: "Tipo de documento" }));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Plan de trabajo · Sin subir", "Acta de revisión · Subido"]);
    expect(screen.getByText("Por subir o completar")).toBeTruthy();
    expect(screen.getByText("Ya subidos")).toBeTruthy();
  });
});
