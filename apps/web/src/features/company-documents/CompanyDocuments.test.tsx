import { type CompanyDocumentRow, type DocumentSummary, Role } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import SummaryPage from "./SummaryPage";
import UploadedPage from "./UploadedPage";

const row = (over: Partial<CompanyDocumentRow> = {}): CompanyDocumentRow => ({
  id: 11,
  file: { id: 21, name: "plan.pdf", size: 2048, created: "2026-11-01T10:00:00.000Z", obsolete: null },
  needs_expiry: false,
  expiry_state: "valid",
  definition: { id: 4, name: "Plan de trabajo", group: null, assocfinca: true, oneonly: false, obsoletable: false },
  finca: { id: 7, name: "Comunidad Sol" },
  validation: "not-required",
  newest: true,
  ...over,
});

const page = (rows: CompanyDocumentRow[]) =>
  json(200, {
    result: true,
    data: rows,
    count: rows.length,
    pagination: { count: rows.length, page: 1, limit: 10 },
    fincas: [{ id: 7, name: "Comunidad Sol" }],
    definitions: [{ id: 4, name: "Plan de trabajo" }],
  });

describe("'Documentos subidos' (UploadedPage)", () => {
  it("asks with the filters of the address, shows each row's state and offers to replace it", async () => {
    startTestSession([], { role: Role.gremio });
    const calls = stubServer(() =>
      page([row(), row({ id: 12, newest: false, file: { ...row().file, id: 22, name: "plan-viejo.pdf" } })]),
    );
    const { user } = renderInApp(<UploadedPage />, { route: "/documents/uploaded?definition=4&expiry=valid&page=1" });
    await screen.findByText("plan-viejo.pdf");
    expect(calls[0]).toMatchObject({
      path: "/companies/documents",
      body: { page: 1, limit: 10, sortBy: "created", sortDesc: "DESC", id_definition: 4, expiry: "valid" },
    });
    expect(calls[0]?.body).not.toHaveProperty("id_finca");
    // The filters show what the address holds; their choices come from the answer.
    expect((screen.getByLabelText("Tipo de documento") as HTMLSelectElement).value).toBe("4");
    expect((screen.getByLabelText("Caducidad") as HTMLSelectElement).value).toBe("valid");
    // The older one says a newer one replaced it.
    const old = screen.getByText("plan-viejo.pdf").closest("tr");
    if (!old) throw new Error("no row");
    expect(within(old).getByText("Sustituido por uno más reciente")).toBeTruthy();
    expect(within(old).getByText("Sin caducidad")).toBeTruthy();
    expect(within(old).getByText("No requiere validación")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Sustituir plan.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Sustituir documento" });
    expect(within(dialog).getByText("Sube el nuevo fichero de Plan de trabajo (Comunidad Sol).")).toBeTruthy();
    expect(within(dialog).getByText("El documento actual se conserva; el nuevo será el vigente.")).toBeTruthy();
  });
});

const summary: DocumentSummary = {
  counts: { valid: 2, soon: 1, expired: 1, incomplete: 1, missing: 2 },
  data: [
    {
      definition_id: 3,
      definition_name: "Seguro RC",
      group: null,
      assocfinca: false,
      duties: [{ finca_id: null, finca_name: null, state: "soon", obsolete: "2026-12-10" }],
    },
    {
      definition_id: 4,
      definition_name: "Plan de trabajo",
      group: null,
      assocfinca: true,
      duties: [
        { finca_id: 7, finca_name: "Comunidad Sol", state: "valid", obsolete: null },
        { finca_id: 8, finca_name: "Comunidad Luna", state: "missing", obsolete: null },
      ],
    },
  ],
};

describe("'Resumen de documentos' (SummaryPage)", () => {
  it("shows the four figures, each definition's light and where each owed one is uploaded", async () => {
    startTestSession([], { role: Role.gremio });
    stubServer(() => json(200, { result: true, ...summary }));
    renderInApp(<SummaryPage />, { route: "/documents/summary" });
    expect((await screen.findByTestId("summary-valid-value")).textContent).toBe("2");
    expect(screen.getByTestId("summary-soon-value").textContent).toBe("1");
    expect(screen.getByTestId("summary-expired-value").textContent).toBe("1");
    // Missing and incomplete are both still to upload.
    expect(screen.getByTestId("summary-pending-value").textContent).toBe("3");
    const [rc, plan] = screen.getAllByTestId("summary-definition");
    expect(rc?.getAttribute("data-light")).toBe("warn");
    expect(within(rc!).getByText("Caduca el 10/12/2026")).toBeTruthy();
    expect(
      within(rc!).getByRole("link", { name: "Subir Seguro RC (Todas las comunidades)" }).getAttribute("href"),
    ).toBe("/provdoc?group=ALL");
    expect(plan?.getAttribute("data-light")).toBe("error");
    expect(within(plan!).getByText("Sin subir")).toBeTruthy();
    expect(within(plan!).getAllByRole("link")).toHaveLength(1);
    expect(
      within(plan!).getByRole("link", { name: "Subir Plan de trabajo (Comunidad Luna)" }).getAttribute("href"),
    ).toBe("/comunidades/comunidad/8/upload");
  });
});
