import type { CommunityDocumentRow, CommunityView, DefinitionDocuments } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import PorterDocumentsPage from "./PorterDocumentsPage";
import PorterosDocsPage from "./PorterosDocsPage";

const community = { id: 7, name: "Comunidad Sol", editable: true, porteros_count: 1 } as unknown as CommunityView;

const definition = (id: number, name: string, files: { id: number; name: string; obsolete: string | null }[]) =>
  ({
    definition: { id, name },
    documents: files.map((f) => ({
      id: f.id,
      fileupload: { id: 500 + f.id, name: f.name, size: 2048, obsolete: f.obsolete },
    })),
    templates: [],
  }) as unknown as DefinitionDocuments;

const readRow = (docId: number, read: boolean) =>
  ({
    id: 9,
    definition_name: "Plan de emergencia",
    read_required: true,
    doc_id: docId,
    doc_name: `plan-${docId}.pdf`,
    file_id: 800 + docId,
    file_size: 1024,
    file_obsolete: null,
    read_identifier: read ? 1 : 0,
    created: "2026-11-01T10:00:00.000Z",
  }) as unknown as CommunityDocumentRow;

function renderAt(route: string) {
  return renderInApp(
    <Routes>
      <Route path="/comunidades/comunidad/:id" element={<Outlet context={community} />}>
        <Route path="porteros" element={<p>lista de porteros</p>} />
        <Route path="porteros/portero" element={<PorterDocumentsPage />} />
        <Route path="porteros-docs" element={<PorterosDocsPage />} />
      </Route>
    </Routes>,
    { route },
  );
}

const uploads = (data: DefinitionDocuments[]) =>
  json(200, { result: true, company: { id: 41, name: "portero31@fincas.es" }, data });

describe("a porter's documents for the administrator (PorterDocumentsPage)", () => {
  it("shows the e-mail, 'Volver', the uploads by definition and the reading marks of that porter there", async () => {
    const optional = { ...readRow(3, false), id: 10, definition_name: "Circular informativa", read_required: false };
    const calls = stubServer((path) =>
      path === "/porteros/documents/readByFinca"
        ? json(200, { result: true, data: [readRow(1, true), readRow(2, false), optional] })
        : uploads([
            definition(3, "Formación en prevención", [{ id: 1, name: "curso.pdf", obsolete: "2020-01-31" }]),
            definition(4, "Reconocimiento médico", []),
          ]),
    );
    renderAt("/comunidades/comunidad/7/porteros/portero?idUserCompany=31&email=portero31%40fincas.es");

    expect((await screen.findByTestId("porter-email")).textContent).toBe("portero31@fincas.es");
    expect(screen.getByRole("link", { name: "Volver" }).getAttribute("href")).toBe("/comunidades/comunidad/7/porteros");
    const uploaded = screen.getByTestId("porter-docs-uploaded");
    expect(within(uploaded).getByText("Documentos subidos por el portero")).toBeTruthy();
    expect(await within(uploaded).findByText("curso.pdf")).toBeTruthy();
    expect(within(uploaded).getByText("2,0 kB")).toBeTruthy();
    expect(within(uploaded).getByText("Caducado desde 31/01/2020")).toBeTruthy();
    expect(within(uploaded).getByRole("button", { name: "Abrir curso.pdf" })).toBeTruthy();
    expect(within(uploaded).getByText("Reconocimiento médico")).toBeTruthy();
    expect(within(uploaded).getByTestId("no-documents").textContent).toBe("No hay documentos");

    const reading = screen.getByTestId("porter-docs-reading");
    const marks = (await within(reading).findAllByTestId("read-status")).map((b) => b.textContent);
    expect(marks.sort()).toEqual(["Leído", "No leído"]);
    // Only what the porter must read, as its read figures count: an optional document is not 'No leído'.
    expect(within(reading).queryByText("Circular informativa")).toBeNull();
    expect(within(reading).queryByText("plan-3.pdf")).toBeNull();
    for (const path of ["/porteros/documents/documentUploadedByFinca", "/porteros/documents/readByFinca"])
      expect(calls.find((c) => c.path === path)?.body).toMatchObject({ id_portero: 31, id_finca: 7 });
  });

  it("says 'No hay documentos' when the porter uploaded nothing there", async () => {
    stubServer((path) =>
      path === "/porteros/documents/readByFinca" ? json(200, { result: true, data: [] }) : uploads([]),
    );
    renderAt("/comunidades/comunidad/7/porteros/portero?idUserCompany=31&email=portero31%40fincas.es");
    const uploaded = await screen.findByTestId("porter-docs-uploaded");
    expect((await within(uploaded).findByTestId("no-documents")).textContent).toBe("No hay documentos");
  });

  it("shows the server's refusal for a porter who does not work there", async () => {
    stubServer(() => json(404, { result: false, error: "porteros.not-in-finca" }));
    renderAt("/comunidades/comunidad/7/porteros/portero?idUserCompany=99&email=otro%40fincas.es");
    const uploaded = await screen.findByTestId("porter-docs-uploaded");
    expect(await within(uploaded).findByText("Ese portero no trabaja en esta comunidad.")).toBeTruthy();
  });

  it("goes back to the porters without a valid idUserCompany, asking nothing", async () => {
    const calls = stubServer(() => json(500, {}));
    renderAt("/comunidades/comunidad/7/porteros/portero?idUserCompany=abc");
    expect(await screen.findByText("lista de porteros")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe("'Docs porteros' (PorterosDocsPage)", () => {
  it("lists each porter's uploads by definition, only the definitions with files", async () => {
    const porter = (id: number) => ({ id, email: `portero${id}@fincas.es` });
    const calls = stubServer((path, body) => {
      if (path === "/porteros/fincas/byfinca/7") return json(200, { result: true, data: [porter(31), porter(32)] });
      return body.id_portero === 31
        ? uploads([
            definition(3, "Formación en prevención", [{ id: 1, name: "curso.pdf", obsolete: null }]),
            definition(4, "Reconocimiento médico", []),
          ])
        : uploads([definition(4, "Reconocimiento médico", [])]);
    });
    renderAt("/comunidades/comunidad/7/porteros-docs");

    const first = await screen.findByTestId("porter-docs-31");
    expect(within(first).getByText("portero31@fincas.es")).toBeTruthy();
    expect(await within(first).findByText("curso.pdf")).toBeTruthy();
    expect(within(first).queryByText("Reconocimiento médico")).toBeNull();
    const second = screen.getByTestId("porter-docs-32");
    expect((await within(second).findByTestId("no-documents")).textContent).toBe("No hay documentos");
    expect(
      calls.filter((c) => c.path === "/porteros/documents/documentUploadedByFinca").map((c) => c.body.id_portero),
    ).toEqual(expect.arrayContaining([31, 32]));
  });
});
