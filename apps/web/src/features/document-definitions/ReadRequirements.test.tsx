import { type ReadRequirementRow, type ReadRequirementView, Role } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import DefinitionsPage from "./DefinitionsPage";
import ReadingsPage from "./ReadingsPage";

/*
 * The read requirements on screen: the colegio's 'Lecturas obligatorias' tab (list, 'Ver' with "Leído por N
 * de M" and the readers, 'Quitar' after '¿Estás seguro?', 'Añadir') and the administrator's read-only
 * 'Lecturas de documentos', against a stubbed server.
 */

const NORMAS: ReadRequirementRow = {
  id: 4,
  name: "Normas de la comunidad",
  requirement_origin: 0,
  requirement_dest: 26,
  assocfinca: false,
  group: null,
  documents_count: 2,
};

const VIEW: ReadRequirementView = {
  result: true,
  docsAllowedToEdit: true,
  count: 2,
  data: {
    definition: { ...NORMAS, dest_read_required: true },
    documents: [
      {
        id: 40,
        company_id: 2,
        company_name: "Fincas Centro S.L.",
        id_finca: null,
        finca_name: null,
        fileupload: { id: 400, name: "normas.pdf", size: 1000 },
        obsolete: null,
        read_count: 1,
        read_must: 2,
      },
      {
        id: 41,
        company_id: 2,
        company_name: "Fincas Centro S.L.",
        id_finca: 7,
        finca_name: "Comunidad Sol 4",
        fileupload: { id: 401, name: "sin-lectores.pdf", size: 1000 },
        obsolete: null,
        read_count: 0,
        read_must: 0,
      },
    ],
  },
};

const READERS = [
  {
    id_finca: 7,
    finca_name: "Comunidad Sol 4",
    company_id: 9,
    company_name: "Ascensores Levante S.L.",
    party: "provider" as const,
    read_at: "2026-11-02T10:00:00.000Z",
  },
  {
    id_finca: 7,
    finca_name: "Comunidad Sol 4",
    company_id: 10,
    company_name: "Juan Portero",
    party: "portero" as const,
    read_at: null,
  },
];

/** The server: the list (docsAllowedToEdit as given), the view (with readers for ?document=), add and delete. */
function server(docsAllowedToEdit: boolean) {
  let required = [NORMAS];
  return stubServer((path, body) => {
    if (path === "/document-read-requirements/index")
      return json(200, { result: true, data: required, count: required.length, docsAllowedToEdit });
    if (path === "/document-read-requirements/view/4") return json(200, { ...VIEW, docsAllowedToEdit });
    if (path === "/document-read-requirements/delete/4") {
      required = [];
      return json(200, { result: true });
    }
    if (path === "/document-require-definitions/index")
      return json(200, {
        result: true,
        data: [
          { ...NORMAS, dest_read_required: true },
          { ...NORMAS, id: 5, name: "Horario de la finca", dest_read_required: false },
        ],
        count: 2,
        docsAllowedToEdit: true,
      });
    if (path === "/document-read-requirements/add") {
      expect(body).toMatchObject({ id_definition: 5 });
      return json(200, { result: true });
    }
    return json(404, { result: false, error: "error.not-found" });
  });
}

describe("'Lecturas obligatorias' (the colegio)", () => {
  it("lists the read requirements, and 'Ver' shows each document's reads and, asked, its readers", async () => {
    startTestSession([], { role: Role.colegio });
    const calls = server(true);
    const { user } = renderInApp(<DefinitionsPage />, { route: "/documents/settings?tab=lecturas" });
    const row = await screen.findByTestId("read-requirement-row-4");
    expect(within(row).getByText("Normas de la comunidad")).toBeTruthy();
    expect(within(row).getByText("Administrador")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Ver: Normas de la comunidad" }));
    const dialog = await screen.findByRole("dialog", { name: "Lecturas de «Normas de la comunidad»" });
    const cards = await within(dialog).findAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId("read-figure").textContent).toBe("Leído por 1 de 2");
    expect(cards[0]!.textContent).toContain("Comunidad: Todas");
    expect(within(cards[1]!).getByTestId("read-figure").textContent).toBe("Nadie tiene que leerlo");
    expect(cards[1]!.textContent).toContain("Comunidad: Comunidad Sol 4");

    // The readers of the first document: asked with ?document=.
    stubServer((path) =>
      path === "/document-read-requirements/view/4"
        ? json(200, { ...VIEW, data: { ...VIEW.data, readers: READERS } })
        : json(404, { result: false, error: "error.not-found" }),
    );
    await user.click(within(cards[0]!).getByRole("button", { name: "Ver lectores: normas.pdf" }));
    const readers = await within(cards[0]!).findAllByTestId("reader");
    expect(readers.map((r) => r.textContent)).toEqual([
      "Ascensores Levante S.L.Proveedor · Comunidad Sol 4Leído el 02/11/2026",
      "Juan PorteroPortero · Comunidad Sol 4No leído",
    ]);
    expect(calls.some((c) => c.path === "/document-read-requirements/index")).toBe(true);
  });

  it("pages the documents 10 at a time: 'Página 2' asks the server for the next ones", async () => {
    startTestSession([], { role: Role.colegio });
    server(true);
    const asked: string[] = [];
    const listed = vi.mocked(fetch).getMockImplementation()!;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const at = new URL(url, "http://localhost");
        if (at.pathname !== "/document-read-requirements/view/4") return listed(url, init);
        const page = Number(at.searchParams.get("page"));
        asked.push(String(page));
        const [first] = VIEW.data.documents;
        const documents = Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => ({
          ...first!,
          id: 100 + (page - 1) * 10 + i,
          fileupload: { ...first!.fileupload, name: `doc-${(page - 1) * 10 + i + 1}.pdf` },
        }));
        return json(200, { ...VIEW, count: 12, data: { ...VIEW.data, documents } });
      }),
    );
    const { user } = renderInApp(<DefinitionsPage />, { route: "/documents/settings?tab=lecturas" });
    const row = await screen.findByTestId("read-requirement-row-4");
    await user.click(within(row).getByRole("button", { name: "Ver: Normas de la comunidad" }));
    const dialog = await screen.findByRole("dialog", { name: "Lecturas de «Normas de la comunidad»" });
    const list = await within(dialog).findByTestId("read-requirement-documents");
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    await user.click(within(dialog).getByRole("button", { name: "Página 2" }));
    await within(dialog).findByText("doc-11.pdf");
    const cards = within(within(dialog).getByTestId("read-requirement-documents")).getAllByRole("listitem");
    expect(cards.map((c) => within(c).getByText(/^doc-/).textContent)).toEqual(["doc-11.pdf", "doc-12.pdf"]);
    expect(asked).toEqual(["1", "2"]);
  });

  it("takes a requirement away only after '¿Estás seguro?'", async () => {
    startTestSession([], { role: Role.colegio });
    const calls = server(true);
    const { user } = renderInApp(<DefinitionsPage />, { route: "/documents/settings?tab=lecturas" });
    const row = await screen.findByTestId("read-requirement-row-4");
    await user.click(within(row).getByRole("button", { name: "Quitar lectura obligatoria: Normas de la comunidad" }));
    const confirm = await screen.findByRole("dialog", { name: "Quitar lectura obligatoria" });
    expect(confirm.textContent).toContain("¿Estás seguro?");
    expect(calls.filter((c) => c.path.startsWith("/document-read-requirements/delete"))).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Quitar" }));
    await screen.findByText("«Normas de la comunidad» ya no es de lectura obligatoria");
    expect(calls.filter((c) => c.path === "/document-read-requirements/delete/4")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId("read-requirement-row-4")).toBeNull());
  });

  it("adds one of the definitions not yet read-required", async () => {
    startTestSession([], { role: Role.colegio });
    const calls = server(true);
    const { user } = renderInApp(<DefinitionsPage />, { route: "/documents/settings?tab=lecturas" });
    await screen.findByTestId("read-requirement-row-4");
    await user.click(screen.getByRole("button", { name: "Añadir" }));
    const dialog = await screen.findByRole("dialog", { name: "Añadir lectura obligatoria" });
    await user.click(within(dialog).getByPlaceholderText("Escribe para buscar"));
    // Only the definition that is not read-required yet is offered.
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Horario de la finca"]);
    await user.click(screen.getByRole("option", { name: "Horario de la finca" }));
    await user.click(within(dialog).getByRole("button", { name: "Añadir" }));
    await screen.findByText("«Horario de la finca» es ahora de lectura obligatoria");
    expect(calls.filter((c) => c.path === "/document-read-requirements/add")).toHaveLength(1);
  });
});

describe("'Lecturas de documentos' (the administrator)", () => {
  it("is read-only: no 'Añadir', no 'Quitar'; on a phone, cards", async () => {
    startTestSession([], { role: Role.administrador });
    onPhone();
    server(false);
    renderInApp(<ReadingsPage />, { route: "/documents/lecturas" });
    const cards = await screen.findByTestId("read-requirements-cards");
    expect(within(cards).getByText("Normas de la comunidad")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Añadir" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Quitar lectura obligatoria|Más acciones/ })).toBeNull();
    expect(within(cards).getByRole("button", { name: "Ver: Normas de la comunidad" })).toBeTruthy();
  });

  it("has no 'Lecturas obligatorias' tab in the definitions for a provider", async () => {
    startTestSession([], { role: Role.gremio });
    server(false);
    renderInApp(<DefinitionsPage />, { route: "/documents/settings?tab=lecturas" });
    await screen.findByRole("tab", { name: "Docs Administradores" });
    expect(screen.queryByRole("tab", { name: "Lecturas obligatorias" })).toBeNull();
  });
});
