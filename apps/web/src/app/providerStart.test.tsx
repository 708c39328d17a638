import {
  DEFAULT_FEATURES,
  FEATURE,
  type PendingReadRow,
  type ProviderCommunityRow,
  Role,
  type SessionData,
  type UploadPendingRow,
} from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { json, stubServer } from "../../test/fakeServer";
import { renderInApp } from "../../test/render";
import { queryClient } from "./queryClient";
import { AppRoutes } from "./router";
import { session } from "./session";

/*
 * The provider finds its work (issue 21): 'Tareas pendientes' is in every provider's menu, flag or not, and the
 * start page (its communities, spec 02 §2) sums up what is pending and leads there, with the page's own counts.
 */

const COMMUNITY: ProviderCommunityRow = {
  id: 7,
  name: "Comunidad de Propietarios Calle Mayor 10",
  cif: "H28000007",
  owner: 3,
  admin: "Fincas Centro Administración S.L.",
  porteros: [],
};
const UPLOADS: UploadPendingRow[] = [
  {
    definition_id: 1,
    definition_name: "Seguro RC",
    finca_id: null,
    finca_name: null,
    state: "expired",
    obsolete: "2026-11-01",
  },
  {
    definition_id: 2,
    definition_name: "Plan de trabajo",
    finca_id: 7,
    finca_name: COMMUNITY.name,
    state: "missing",
    obsolete: null,
  },
];
const READS: PendingReadRow[] = [
  {
    finca_name: COMMUNITY.name,
    finca_administrator: COMMUNITY.admin,
    finca_id: 7,
    uploaded_doc_id: 40,
    uploaded_doc_name: "aviso-agua.pdf",
    doc_id: 30,
    doc_type: "Aviso de corte de agua",
    file_id: 400,
    file_size: 2048,
    company_name: COMMUNITY.admin,
    from_administrator: true,
  },
];

function signInAsProvider(
  flags: string[],
  colegios = [{ id: 1, name: "Colegio de Administradores de Fincas de Madrid" }],
): SessionData {
  const data: SessionData = {
    token: "t",
    user: { id: 4, email: "proveedor@ascensores.es", user_role: Role.gremio },
    company: { id: 5, name: "Ascensores Levante S.L." },
    colegios,
    flags,
    issuer: "test",
  } as unknown as SessionData;
  session.start(data, false, true);
  return data;
}

/** The server of a provider with one community, two uploads owed and one document to read. */
function serve(data: SessionData) {
  return stubServer((path) => {
    switch (path) {
      case "/companies/users/current":
        return json(200, { result: true, data });
      case "/companies/fincas/provider":
        return json(200, { result: true, data: [COMMUNITY], count: 1, pagination: { count: 1, page: 1, limit: 10 } });
      case "/companies/providers/upload_pending":
        return json(200, { result: true, data: UPLOADS });
      case "/companies/providers/doc-read-pending-by-provider":
        return json(200, { result: true, data: READS });
      default:
        return json(404, { result: false, error: "error.not-found" });
    }
  });
}

const menu = () => screen.getByRole("navigation", { name: "Menú" });
const countOf = (element: HTMLElement) => element.getAttribute("data-count");

afterEach(() => queryClient.clear());

describe("a provider's start page and menu", () => {
  it("start at its communities, with 'Tareas pendientes' in the menu and the pending work summed up", async () => {
    serve(signInAsProvider([...DEFAULT_FEATURES]));
    const { user } = renderInApp(<AppRoutes />, { route: "/" });

    expect(await screen.findByRole("heading", { level: 1, name: "Comunidades" })).toBeTruthy();
    expect((await screen.findAllByText(COMMUNITY.name)).length).toBeGreaterThan(0);
    const entry = within(menu()).getByRole("link", { name: "Tareas pendientes" });
    expect(entry.getAttribute("href")).toBe("/proveedores/main");

    const summary = screen.getByRole("region", { name: "Tareas pendientes" });
    const uploads = await within(summary).findByTestId("pending-summary-uploads");
    const reads = within(summary).getByTestId("pending-summary-reads");
    expect([uploads.textContent, reads.textContent]).toEqual(["2 documentos por subir", "1 documento por leer"]);

    // Its link opens 'Tareas pendientes', whose panels list as many items as the summary counted.
    await user.click(within(summary).getByRole("link", { name: "Ver tareas pendientes" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Tareas pendientes" })).toBeTruthy();
    const uploadsPanel = await screen.findByTestId("pending-uploads-count");
    expect(countOf(uploadsPanel)).toBe(countOf(uploads));
    expect(screen.getAllByTestId("pending-upload")).toHaveLength(2);
    expect(countOf(await screen.findByTestId("pending-reads-count"))).toBe(countOf(reads));
    expect(screen.getAllByTestId("pending-read-document")).toHaveLength(1);
    // The menu marks its entry as the current one.
    expect(within(menu()).getByRole("link", { name: "Tareas pendientes" }).getAttribute("aria-current")).toBe("page");
  });

  it("in several colegios, none chosen yet: the page and the summary ask for one, and nothing is refused", async () => {
    const calls: string[] = [];
    const data = signInAsProvider(
      [...DEFAULT_FEATURES, FEATURE.pendingTasks],
      [
        { id: 1, name: "Colegio de Administradores de Fincas de Madrid" },
        { id: 2, name: "Col·legi d'Administradors de Finques de Barcelona" },
      ],
    );
    stubServer((path) => {
      calls.push(path);
      if (path === "/companies/users/current") return json(200, { result: true, data });
      return json(400, { result: false, error: "error.colegio-required" });
    });
    renderInApp(<AppRoutes />, { route: "/proveedores/main" });

    expect(await screen.findByRole("heading", { level: 1, name: "Tareas pendientes" })).toBeTruthy();
    expect(
      await screen.findByText(
        "Elige el colegio en el que trabajas (arriba; en el móvil, en el menú) para ver lo que tienes pendiente en él.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Elige primero un colegio.")).toBeNull();
    expect(calls.filter((path) => path.startsWith("/companies/providers/"))).toEqual([]);
  });

  it("with pending-tasks, starts at 'Tareas pendientes', the same menu entry", async () => {
    serve(signInAsProvider([...DEFAULT_FEATURES, FEATURE.pendingTasks]));
    renderInApp(<AppRoutes />, { route: "/" });

    expect(await screen.findByRole("heading", { level: 1, name: "Tareas pendientes" })).toBeTruthy();
    const entries = within(menu())
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(entries.filter((name) => name === "Tareas pendientes")).toHaveLength(1);
    expect(entries).toContain("Comunidades");
  });
});
