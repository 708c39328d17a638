import type { ColegioDocumentsSummary, ExpiringSoonRow } from "@coordina/domain";
import { Requirement, Role } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import SummaryPage from "./SummaryPage";

const SUMMARY: ColegioDocumentsSummary = {
  today: "2026-11-28",
  expiring_soon: 3,
  pending_validation: 1,
  definitions: [
    {
      id: 4,
      name: "Plan de emergencia",
      requirement_origin: Requirement.administrator,
      group: null,
      validate_colegio_required: false,
      expiring_soon: 1,
      pending_validation: 0,
    },
    {
      id: 7,
      name: "Seguro RC",
      requirement_origin: Requirement.provider,
      group: null,
      validate_colegio_required: true,
      expiring_soon: 2,
      pending_validation: 1,
    },
  ],
};

function row(id: number, definition: string, community: string | null, obsolete: string): ExpiringSoonRow {
  return {
    document: {
      id,
      id_document_require_definition: 7,
      company_id: 12,
      company_name: "Limpiezas Norte S.L.",
      id_finca: null,
      user_origin: 1,
      validated: false,
      needs_expiry: false,
      expired: false,
      fileupload_id: id * 10,
      fileupload: {
        id: id * 10,
        name: `doc-${id}.pdf`,
        size: 2048,
        created: "2026-11-01T10:00:00.000Z",
        obsolete,
        description: "",
        ftype: "application/pdf",
      },
    },
    definition_name: definition,
    company_name: "Limpiezas Norte S.L.",
    company_type: Role.gremio,
    community_name: community,
  };
}

function serve() {
  return stubServer((path, body) => {
    if (path === "/companies/documents/colegio-summary") return json(200, { result: true, data: SUMMARY });
    if (path === "/companies/documents/expiring-soon") {
      const rows =
        body.id_definition === 4
          ? [row(1, "Plan de emergencia", "Comunidad Sol", "2026-12-01")]
          : [row(1, "Plan de emergencia", "Comunidad Sol", "2026-12-01"), row(2, "Seguro RC", null, "2026-12-08")];
      return json(200, { result: true, data: rows, count: rows.length });
    }
    return json(404, { result: false });
  });
}

describe("/documents/summary for the colegio ('Resumen de documentos')", () => {
  it("shows the figures, the definitions and the expiring documents; a definition's count narrows the list", async () => {
    startTestSession([], { role: Role.colegio });
    const calls = serve();
    renderInApp(<SummaryPage />, { route: "/documents/summary" });
    expect(await screen.findByText("3 documentos vigentes caducan en los próximos 30 días.")).toBeTruthy();
    expect(screen.getByText("1 documento espera la validación del colegio.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a 'Validar documentos'" }).getAttribute("href")).toBe(
      "/documents/mandatory",
    );
    const definitions = screen.getAllByTestId("summary-definition-row");
    expect(definitions.map((r) => r.textContent)).toEqual([
      "Plan de emergenciaAdministrador1—",
      "Seguro RCProveedor21",
    ]);
    const rows = await screen.findAllByTestId("expiring-row");
    expect(rows.map((r) => within(r).getAllByRole("cell")[4]?.textContent)).toEqual([
      "Comunidad Sol",
      "Todas las comunidades",
    ]);
    expect(calls.find((c) => c.path === "/companies/documents/expiring-soon")?.body).toMatchObject({
      page: 1,
      sortBy: "obsolete",
      sortDesc: "ASC",
    });

    await userEvent.click(
      screen.getByRole("button", { name: "Ver el documento de Plan de emergencia que caduca en 30 días" }),
    );
    expect(await screen.findByText("Solo Plan de emergencia.")).toBeTruthy();
    expect(calls.at(-1)?.body).toMatchObject({ id_definition: 4, page: 1 });
    expect(screen.getAllByTestId("expiring-row")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Ver todos" }));
    expect(await screen.findAllByTestId("expiring-row")).toHaveLength(2);
    expect(calls.at(-1)?.body.id_definition).toBeUndefined();
  });

  it("says why when the summary cannot be loaded", async () => {
    startTestSession([], { role: Role.colegio });
    stubServer(() => json(403, { result: false, error: "error.forbidden" }));
    renderInApp(<SummaryPage />, { route: "/documents/summary" });
    expect((await screen.findByTestId("colegio-summary-error")).textContent).toContain(
      "No tienes permiso para realizar esta operación.",
    );
  });
});
