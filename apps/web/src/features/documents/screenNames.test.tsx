import { type CommunityView, Role } from "@coordina/domain";
import { screen } from "@testing-library/react";
import { Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import CommunityUploadPage from "./CommunityUploadPage";
import MandatoryDocumentsPage from "./MandatoryDocumentsPage";

/** Nothing to upload and nothing pending: the screens show their names and their empty states. */
function stubEmptyServer() {
  stubServer((path) =>
    path.endsWith("/pending-validation")
      ? json(200, { result: true, data: [], count: 0 })
      : json(200, { result: true, company: { id: 2, name: "Fincas Centro" }, data: [] }),
  );
}

const community = { id: 7, name: "Comunidad Sol" } as CommunityView;

describe("one name per screen (issue 21): the documents screens are titled as their menu entries", () => {
  it("the colegio's 'Validar documentos' opens a page titled 'Validar documentos'", async () => {
    startTestSession([], { role: Role.colegio });
    stubEmptyServer();
    renderInApp(<MandatoryDocumentsPage />, { route: "/documents/mandatory" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Validar documentos");
    expect(await screen.findByText("No hay documentos pendientes de validar")).toBeTruthy();
    expect(screen.queryByText("Documentos obligatorios")).toBeNull();
  });

  it("the general documents are 'Documentos generales' at every address that opens them, LOPD included", async () => {
    for (const [role, route, group] of [
      [Role.administrador, "/documents/mandatory", "LOPD"],
      [Role.administrador, "/lopd", "LOPD"],
      [Role.administrador, "/generaldoc", "LOPD"],
      [Role.gremio, "/provdoc", "CAF"],
      [Role.gremio, "/lopd", "LOPD"],
    ] as const) {
      startTestSession([], { role });
      stubEmptyServer();
      const { unmount } = renderInApp(<MandatoryDocumentsPage />, { route });
      expect(screen.getByRole("heading", { level: 1 }).textContent, route).toBe("Documentos generales");
      // The address still chooses the group it opens with.
      expect((screen.getByRole("radio", { name: group }) as HTMLInputElement).checked, route).toBe(true);
      expect(await screen.findByText("No hay documentos que subir en este grupo.")).toBeTruthy();
      unmount();
    }
  });

  it("a community's upload view is named as its panel entry, with the spec's sentence by role under it", async () => {
    for (const [role, name, sentence] of [
      [
        Role.administrador,
        "Documentos para proveedores",
        "Documentos del administrador para los proveedores de la comunidad",
      ],
      [Role.gremio, "Subir documentos", "Documentos del proveedor para la comunidad y su administrador"],
    ] as const) {
      startTestSession([], { role });
      stubEmptyServer();
      const { unmount } = renderInApp(
        <Routes>
          <Route path="/comunidades/comunidad/:id" element={<Outlet context={community} />}>
            <Route path="upload" element={<CommunityUploadPage />} />
          </Route>
        </Routes>,
        { route: "/comunidades/comunidad/7/upload" },
      );
      expect(screen.getByRole("heading", { name })).toBeTruthy();
      expect(screen.getByText(sentence)).toBeTruthy();
      expect(await screen.findByText("No hay documentos que subir en esta comunidad.")).toBeTruthy();
      unmount();
    }
  });
});
