import { NO_COLEGIO, type PendingReadRow, Role, type UploadPendingRow } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { session } from "../../app/session";
import { PendingSummary } from "./PendingSummary";

const READS = "/companies/providers/doc-read-pending-by-provider";
const UPLOADS = "/companies/providers/upload_pending";

const upload = (definition_id: number, finca_id: number | null): UploadPendingRow => ({
  definition_id,
  definition_name: `Documento ${definition_id}`,
  finca_id,
  finca_name: finca_id === null ? null : `Comunidad ${finca_id}`,
  state: "missing",
  obsolete: null,
});

const read = (uploaded_doc_id: number): PendingReadRow => ({
  finca_name: "Comunidad Mayor 10",
  finca_administrator: "Fincas Centro S.L.",
  finca_id: 7,
  uploaded_doc_id,
  uploaded_doc_name: `aviso-${uploaded_doc_id}.pdf`,
  doc_id: 30,
  doc_type: "Aviso de obras",
  file_id: 100 + uploaded_doc_id,
  file_size: 2048,
  company_name: "Fincas Centro S.L.",
  from_administrator: true,
});

/** The two pending lists as the server answers them (or a failure for either). */
function serve(uploads: UploadPendingRow[] | number, reads: PendingReadRow[] | number) {
  const answer = (rows: unknown[] | number) =>
    typeof rows === "number"
      ? json(rows, { result: false, error: "error.generic-error" })
      : json(200, { result: true, data: rows });
  return stubServer((path) => {
    if (path === UPLOADS) return answer(uploads);
    if (path === READS) return answer(reads);
    throw new Error(`unexpected call to ${path}`);
  });
}

function asProvider() {
  startTestSession([], { role: Role.gremio, email: "proveedor@ascensores.es" });
}

const summary = () => screen.findByRole("region", { name: "Tareas pendientes" });

/** A figure of the summary as a user reads it, and the count it carries. */
async function figure(card: HTMLElement, kind: "uploads" | "reads") {
  const element = await within(card).findByTestId(`pending-summary-${kind}`);
  return { text: element.textContent, count: element.getAttribute("data-count") };
}
const linkIn = (card: HTMLElement) => within(card).getByRole("link", { name: "Ver tareas pendientes" });

describe("the pending summary on the provider's start page", () => {
  it("says how many documents it must upload and read in the colegio, and leads to 'Tareas pendientes'", async () => {
    asProvider();
    const calls = serve([upload(1, null), upload(2, 7), upload(2, 8)], [read(1)]);
    renderInApp(<PendingSummary />);
    const card = await summary();
    expect(await figure(card, "uploads")).toEqual({ text: "3 documentos por subir", count: "3" });
    expect(await figure(card, "reads")).toEqual({ text: "1 documento por leer", count: "1" });
    expect(linkIn(card).getAttribute("href")).toBe("/proveedores/main");
    // Asked in the current colegio, once each.
    expect(calls.map((c) => [c.path, c.body.colg_id]).sort()).toEqual([
      [READS, 1],
      [UPLOADS, 1],
    ]);
  });

  it("says so when nothing is left, and when only one kind is", async () => {
    asProvider();
    serve([], []);
    const first = renderInApp(<PendingSummary />);
    expect((await within(await summary()).findByTestId("pending-summary-none")).textContent).toBe(
      "Nada pendiente en este colegio.",
    );
    first.unmount();

    serve([], [read(1), read(2)]);
    renderInApp(<PendingSummary />);
    const card = await summary();
    expect(await figure(card, "uploads")).toEqual({ text: "Nada por subir", count: "0" });
    expect(await figure(card, "reads")).toEqual({ text: "2 documentos por leer", count: "2" });
  });

  it("says when the lists cannot be read, and still leads to the page", async () => {
    asProvider();
    serve(500, [read(1)]);
    renderInApp(<PendingSummary />);
    const card = await summary();
    expect(await within(card).findByText("No se han podido cargar tus tareas pendientes.")).toBeTruthy();
    expect(within(card).queryByTestId("pending-summary-reads")).toBeNull();
    expect(linkIn(card).getAttribute("href")).toBe("/proveedores/main");
  });

  it("offers 'Reintentar' when a list cannot be read, which asks again and shows the counts", async () => {
    asProvider();
    // The uploads fail once (500), then answer; the reads answer at once.
    let uploadsAsked = 0;
    const calls = stubServer((path) => {
      if (path === UPLOADS)
        return ++uploadsAsked === 1
          ? json(500, { result: false, error: "error.generic-error" })
          : json(200, { result: true, data: [upload(1, null), upload(2, 7)] });
      if (path === READS) return json(200, { result: true, data: [] });
      throw new Error(`unexpected call to ${path}`);
    });
    const { user } = renderInApp(<PendingSummary />);
    const card = await summary();
    const error = await within(card).findByTestId("pending-summary-error");
    expect(error.textContent).toContain("No se han podido cargar tus tareas pendientes.");
    expect(within(card).queryByTestId("pending-summary-uploads")).toBeNull();

    await user.click(within(error).getByRole("button", { name: "Reintentar" }));
    expect(await figure(card, "uploads")).toEqual({ text: "2 documentos por subir", count: "2" });
    expect(await figure(card, "reads")).toEqual({ text: "Nada por leer", count: "0" });
    expect(within(card).queryByTestId("pending-summary-error")).toBeNull();
    // Only what failed was asked again.
    expect(calls.filter((c) => c.path === UPLOADS)).toHaveLength(2);
    expect(calls.filter((c) => c.path === READS)).toHaveLength(1);
  });

  it("in no colegio at all, says why and offers to ask one outside the live region of the counts", async () => {
    startTestSession([], { role: Role.gremio, email: "proveedor@ascensores.es" });
    session.refresh({ ...session.get()!, colegios: [] });
    const calls = stubServer((path) => {
      if (path === "/inclusion/requests") return json(200, { result: true, data: [] });
      throw new Error(`unexpected call to ${path}`);
    });
    renderInApp(<PendingSummary />);
    const card = await summary();
    const notice = within(card).getByTestId("no-colegio");
    expect(notice.textContent).toContain("Tu empresa aún no pertenece a ningún colegio");
    expect(await within(notice).findByRole("button", { name: "Solicitar inclusión" })).toBeTruthy();
    // A screen reader is not read the whole notice, its form included, as a status message.
    expect(notice.closest('[role="status"]')).toBeNull();
    expect(within(card).queryByRole("status")).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(["/inclusion/requests"]);
  });

  it("asks for a colegio, and asks the server nothing, before one is chosen", async () => {
    asProvider();
    session.setColegio({ ...NO_COLEGIO });
    const calls = serve([upload(1, null)], [read(1)]);
    renderInApp(<PendingSummary />);
    const card = await summary();
    expect(
      within(card).getByText(
        "Elige el colegio en el que trabajas (arriba; en el móvil, en el menú) para ver lo que tienes pendiente en él.",
      ),
    ).toBeTruthy();
    expect(within(card).queryByTestId("pending-summary-none")).toBeNull();
    expect(within(card).queryByTestId("pending-summary-uploads")).toBeNull();
    expect(calls).toEqual([]);
  });
});
