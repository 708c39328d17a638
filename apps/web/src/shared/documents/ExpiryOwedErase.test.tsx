import { type DefinitionDocuments, type DocumentRow, Role } from "@coordina/domain";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { expiringDefinition as definition, documentRow, UPLOADER } from "../../../test/documents";
import { json, stubServer } from "../../../test/fakeServer";
import { FakeXhr, stubXhr } from "../../../test/fakeXhr";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { DefinitionBoxes } from "./DefinitionBoxes";

const ERASE = "Eliminar documento";

/**
 * A server holding `documents` by definition: getcompanydefined lists those not erased, erasecompanydefined
 * erases one (soft delete). Uploads go through XMLHttpRequest (FakeXhr), answered by the test.
 */
function serve(definitions: DefinitionDocuments["definition"][], documents: DocumentRow[]) {
  const erased = new Set<number>();
  const calls = stubServer((path) => {
    const erase = path.match(/\/companies\/documents\/erasecompanydefined\/(\d+)$/);
    if (erase) {
      erased.add(Number(erase[1]));
      return json(200, { result: true });
    }
    if (path.endsWith("/getcompanydefined")) {
      const data = definitions.map((definition) => ({
        definition,
        documents: documents.filter((d) => d.id_document_require_definition === definition.id && !erased.has(d.id)),
        templates: [],
        can_upload: true,
        can_validate: false,
      }));
      return json(200, { result: true, company: { id: 2, name: "Ascensores Levante S.L." }, data });
    }
    return json(404, { result: false, error: "error.not-found" });
  });
  return { calls, documents };
}

const renderBoxes = () =>
  renderInApp(<DefinitionBoxes request={{ group: "ALL" }} emptyText="No hay documentos que subir en este grupo." />);
const dialogs = () => screen.queryAllByRole("dialog", { name: "Editar documento" });
const question = () => screen.findByRole("dialog", { name: "Borrar documento" });
const erases = (calls: { path: string }[]) => calls.filter((c) => c.path.includes("/erasecompanydefined/"));

beforeEach(() => {
  stubXhr();
  startTestSession([], { role: Role.gremio, userId: UPLOADER });
});

describe("the forced expiry dialog lets its uploader erase the document instead (issue 21)", () => {
  it("after uploading the wrong PDF: 'Eliminar documento' asks first, and once erased the dialog is gone for good", async () => {
    const server = serve([definition(4, "Seguro RC")], []);
    const { user } = renderBoxes();
    await screen.findByTestId("no-documents");

    // The wrong PDF goes up; the server now lists it, without its date.
    await user.upload(
      screen.getByLabelText("Elegir ficheros PDF para subir"),
      new File(["%PDF-1.4"], "factura.pdf", { type: "application/pdf" }),
    );
    const uploaded = documentRow(1, "factura.pdf", 4);
    server.documents.push(uploaded);
    await act(async () => FakeXhr.sent[0]!.answer(200, { result: true, data: uploaded, needs_expiry: true }));
    const dialog = await screen.findByRole("dialog", { name: "Editar documento" });
    expect(within(dialog).getByText("Fecha de caducidad obligatoria")).toBeTruthy();

    // Cancelling the question keeps the dialog and the document.
    await user.click(within(dialog).getByRole("button", { name: ERASE }));
    const asked = await question();
    expect(within(asked).getByText("¿Seguro que quieres borrar este documento?")).toBeTruthy();
    await user.click(within(asked).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Borrar documento" })).toBeNull());
    expect(dialogs()).toHaveLength(1);
    expect(erases(server.calls)).toHaveLength(0);

    // Confirming erases it: the dialog closes, the box is empty again, and the dialog does not come back.
    await user.click(within(dialog).getByRole("button", { name: ERASE }));
    await user.click(within(await question()).getByRole("button", { name: "Borrar" }));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(erases(server.calls).map((c) => c.path)).toEqual(["/companies/documents/erasecompanydefined/1"]);
    await screen.findByTestId("no-documents");
    expect(dialogs()).toHaveLength(0);
  });

  it("for a document owed since an earlier visit: once it is erased, the next one owing its date asks", async () => {
    const { calls } = serve(
      [definition(4, "Seguro RC"), definition(6, "Formación PRL")],
      [documentRow(1, "poliza-rc.pdf", 4), documentRow(2, "prl.pdf", 6)],
    );
    const { user } = renderBoxes();
    const dialog = await screen.findByRole("dialog", { name: "Editar documento" });
    const name = () => (screen.getByRole("textbox", { name: /Nombre del documento/ }) as HTMLInputElement).value;
    expect(name()).toBe("poliza-rc.pdf");
    await user.click(within(dialog).getByRole("button", { name: ERASE }));
    await user.click(within(await question()).getByRole("button", { name: "Borrar" }));
    await waitFor(() => expect(name()).toBe("prl.pdf"));
    expect(dialogs()).toHaveLength(1);
    expect(erases(calls).map((c) => c.path)).toEqual(["/companies/documents/erasecompanydefined/1"]);
    expect(screen.queryByText("poliza-rc.pdf")).toBeNull();
  });

  it("is not offered by the ordinary edit dialog, which keeps 'Cancelar' and 'Guardar'", async () => {
    serve([definition(4, "Seguro RC")], [documentRow(1, "poliza-rc.pdf", 4, "2027-01-15")]);
    const { user } = renderBoxes();
    await user.click(await screen.findByRole("button", { name: "Editar documento" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar documento" });
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Guardar" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: ERASE })).toBeNull();
  });
});
