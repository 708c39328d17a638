import type { AdminDashboard, ColegioDashboard } from "@coordina/domain";
import { Role } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import DashboardPage from "./DashboardPage";

const months = Array.from({ length: 12 }, (_, i) => `20${i < 1 ? "25-12" : `26-${String(i).padStart(2, "0")}`}`);

const COLEGIO: ColegioDashboard = {
  today: "2026-11-28",
  providers: { ok: 2, warn: 5, error: 1, none: 2 },
  communities: { ok: 0, warn: 3, error: 1, none: 0 },
  expiring_soon: 4,
  pending_validation: 7,
  trend: months.map((month, i) => ({
    month,
    uploaded: i,
    expired: 0,
    snapshot_day: i === 11 ? "2026-11-28" : null,
    providers: i === 11 ? { ok: 2, warn: 5, error: 1, none: 2 } : null,
    communities: i === 11 ? { ok: 0, warn: 3, error: 1, none: 0 } : null,
  })),
};

const ADMIN: AdminDashboard = {
  today: "2026-11-28",
  communities: { ok: 1, warn: 0, error: 0, none: 1 },
  expiring_count: 1,
  expiring: [
    {
      document_id: 9,
      community_id: 3,
      community_name: "Comunidad Sol",
      company_id: 12,
      company_name: "Limpiezas Norte S.L.",
      definition_name: "Seguro RC",
      file_name: "rc.pdf",
      obsolete: "2026-12-05",
    },
  ],
};

function serve(data: unknown) {
  return stubServer((path) =>
    path.startsWith("/companies/dashboard/") ? json(200, { result: true, data }) : json(404, { result: false }),
  );
}

describe("/dashboard", () => {
  it("the colegio's: every figure as text, each a link to the list behind it; 'sin datos' before the snapshots", async () => {
    startTestSession([], { role: Role.colegio });
    const calls = serve(COLEGIO);
    renderInApp(<DashboardPage />);
    const providers = await screen.findByTestId("providers-share");
    expect(calls.map((c) => c.path)).toEqual(["/companies/dashboard/colegio"]);
    const link = (testId: string) => within(screen.getByTestId(testId)).getByRole("link");
    expect(link("providers-share-ok").textContent).toBe("En verde: 2 (20 %)");
    expect(link("providers-share-warn").textContent).toBe("En ámbar: 5 (50 %)");
    expect(link("providers-share-warn").getAttribute("href")).toBe("/admin/proveedor?docsRead=1");
    expect(link("providers-share-error").getAttribute("href")).toBe("/admin/proveedor?docsRead=1");
    expect(link("providers-share-ok").getAttribute("href")).toBe("/admin/proveedor");
    expect(within(providers).getByRole("link", { name: "Ver los 10 proveedores activos" })).toBeTruthy();
    expect(link("communities-share-error").textContent).toBe("En rojo: 1 (25 %)");
    expect(screen.getByText("7 documentos esperan la validación del colegio.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a 'Validar documentos'" }).getAttribute("href")).toBe(
      "/documents/mandatory",
    );
    expect(screen.getByText("4 documentos vigentes caducan en los próximos 30 días.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver los documentos que caducan" }).getAttribute("href")).toBe(
      "/documents/summary",
    );
    const rows = screen.getAllByTestId(/^trend-20/);
    expect(rows).toHaveLength(12);
    expect(within(screen.getByTestId("trend-2026-11")).getByText("2 / 5 / 1 / 2")).toBeTruthy();
    expect(within(screen.getByTestId("trend-2026-01")).getAllByText("sin datos")).toHaveLength(2);
  });

  it("the administrator's: its communities by light and each expiring document, linked to its provider there", async () => {
    startTestSession([], { role: Role.administrador });
    const calls = serve(ADMIN);
    renderInApp(<DashboardPage />);
    await screen.findByTestId("communities-share");
    expect(calls.map((c) => c.path)).toEqual(["/companies/dashboard/administrador"]);
    expect(within(screen.getByTestId("communities-share-ok")).getByRole("link").getAttribute("href")).toBe(
      "/comunidades/index",
    );
    expect(screen.getByTestId("expiring-count").textContent).toBe(
      "1 documento de los proveedores de tus comunidades caduca en los próximos 30 días.",
    );
    const open = screen.getByRole("link", { name: "Ver Limpiezas Norte S.L. en Comunidad Sol" });
    expect(open.getAttribute("href")).toBe("/comunidades/comunidad/3/proveedores/12");
    expect(screen.getByText("05/12/2026")).toBeTruthy();
  });
});
