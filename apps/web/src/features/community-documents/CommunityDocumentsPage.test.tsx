import { Role } from "@coordina/domain";
import { act, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { documentRow, expiringDefinition } from "../../../test/documents";
import { json, stubServer } from "../../../test/fakeServer";
import { FakeXhr, stubXhr } from "../../../test/fakeXhr";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import CommunityDocumentsPage from "./CommunityDocumentsPage";

const risks = { ...expiringDefinition(21, "Evaluación de riesgos"), obsoletable: false, assocfinca: true };
const extinguishers = { ...expiringDefinition(22, "Revisión de extintores"), assocfinca: true };
const cell = (id: number, state: string, document: unknown = null) => ({
  id_definition: id,
  state,
  document,
  documents_count: document ? 1 : 0,
});

/** Two communities of the administrator: Sol holds a current risk assessment, Luna an expired extinguishers' check. */
function stubGrid() {
  return stubServer((path) => {
    if (path.endsWith("/communities-defined"))
      return json(200, {
        result: true,
        definitions: [risks, extinguishers],
        data: [
          {
            id: 8,
            name: "Comunidad Luna",
            cif: "H28000008",
            cells: [cell(21, "missing"), cell(22, "expired", documentRow(2, "extintores.pdf", 22, "2020-01-01"))],
          },
          {
            id: 7,
            name: "Comunidad Sol",
            cif: "H28000007",
            cells: [cell(21, "current", documentRow(1, "riesgos.pdf", 21, "2099-01-01")), cell(22, "missing")],
          },
        ],
        count: 2,
        pagination: { count: 2, page: 1, limit: 10 },
      });
    if (path.endsWith("/getcompanydefined"))
      return json(200, { result: true, company: { id: 2, name: "Admin" }, data: [] });
    return json(404, { result: false, error: "error.not-found" });
  });
}

/** The administrator's /gcomunidades with the two communities listed; answers its user. */
async function openGrid() {
  startTestSession([], { role: Role.administrador });
  stubGrid();
  const { user } = renderInApp(<CommunityDocumentsPage />, { route: "/gcomunidades" });
  await screen.findAllByText("Comunidad Luna");
  return user;
}

/** Chooses 'Evaluación de riesgos' and drops a PDF on the upload area; answers the request it sent. */
async function uploadRisks(user: UserEvent) {
  await user.click(screen.getByRole("combobox", { name: "Tipo de documento" }));
  await user.click(await screen.findByRole("option", { name: "Evaluación de riesgos" }));
  await user.upload(
    screen.getByLabelText("Elegir ficheros PDF para subir"),
    new File([new Uint8Array(64)], "riesgos.pdf", { type: "application/pdf" }),
  );
  await screen.findByRole("listitem");
  return FakeXhr.sent[0]!;
}

beforeEach(stubXhr);

describe("/gcomunidades 'Documentos por comunidad'", () => {
  it("shows each community's state per definition, with the file", async () => {
    startTestSession([], { role: Role.administrador });
    stubGrid();
    renderInApp(<CommunityDocumentsPage />, { route: "/gcomunidades" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Documentos por comunidad");
    const luna = (await screen.findAllByText("Comunidad Luna"))[0]!.closest("[data-community-id]") as HTMLElement;
    expect(luna.getAttribute("data-community-id")).toBe("8");
    expect(within(luna).getByText("Sin subir")).toBeTruthy();
    expect(within(luna).getByText("Caducado")).toBeTruthy();
    expect(within(luna).getByRole("button", { name: "Ver Revisión de extintores de Comunidad Luna" }).textContent).toBe(
      "extintores.pdf",
    );
    const sol = screen.getAllByText("Comunidad Sol")[0]!.closest("[data-community-id]") as HTMLElement;
    expect(within(sol).getByText("Subido")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a Documentos generales" }).getAttribute("href")).toBe(
      "/documents/mandatory",
    );
  });

  it("uploads one PDF for the communities ticked, with the definition, and says where it was saved", async () => {
    const user = await openGrid();
    expect(screen.getByTestId("many-chosen").textContent).toBe("Ninguna comunidad elegida");
    await user.click(screen.getAllByRole("checkbox", { name: "Elegir Comunidad Sol" })[0]!);
    await user.click(screen.getAllByRole("checkbox", { name: "Elegir Comunidad Luna" })[0]!);
    expect(screen.getByTestId("many-chosen").textContent).toBe("2 comunidades elegidas");
    // Without a definition the area takes nothing.
    expect(screen.getByTestId("upload-area").hasAttribute("data-disabled")).toBe(true);
    const request = await uploadRisks(user);
    expect(request.url).toContain("/companies/documents/upload-defined-file-many");
    expect(request.field("id_definition")).toBe("21");
    expect(request.field("id_fincas")).toBe("7,8");
    expect(request.field("all_fincas")).toBeNull();
    act(() =>
      request.answer(200, {
        result: true,
        data: [documentRow(5, "riesgos.pdf", 21), documentRow(6, "riesgos.pdf", 21)],
      }),
    );
    expect((await screen.findByTestId("many-done")).textContent).toBe("Documento guardado en 2 comunidades.");
  });

  it("asks for the expiry date first when the definition demands one, and sends 'all' when all are chosen", async () => {
    const user = await openGrid();
    await user.click(screen.getByRole("button", { name: "Elegir todas (2)" }));
    expect(screen.getByTestId("many-chosen").textContent).toBe("Todas tus comunidades (2)");
    await user.click(screen.getByRole("combobox", { name: "Tipo de documento" }));
    await user.click(await screen.findByRole("option", { name: "Revisión de extintores" }));
    expect(screen.getByTestId("expiry-required").textContent).toBe("Fecha de caducidad obligatoria");
    expect(screen.getByTestId("upload-area").hasAttribute("data-disabled")).toBe(true);
  });

  it("unticking one after 'Elegir todas' keeps all the others, those of other pages too, and sends it as an exception", async () => {
    const user = await openGrid();
    await user.click(screen.getByRole("button", { name: "Elegir todas (2)" }));
    const luna = () => screen.getAllByRole("checkbox", { name: "Elegir Comunidad Luna" })[0]! as HTMLInputElement;
    await user.click(luna());
    expect(luna().checked).toBe(false);
    expect(screen.getByTestId("many-chosen").textContent).toBe("Todas tus comunidades menos 1 (1 elegida)");
    const request = await uploadRisks(user);
    expect(request.field("all_fincas")).toBe("true");
    expect(request.field("except_fincas")).toBe("8");
    expect(request.field("id_fincas")).toBeNull();
    // Ticked again (or the page chosen), it is one of all again.
    await user.click(screen.getByRole("button", { name: "Elegir las de esta página" }));
    expect(luna().checked).toBe(true);
    expect(screen.getByTestId("many-chosen").textContent).toBe("Todas tus comunidades (2)");
  });
});
