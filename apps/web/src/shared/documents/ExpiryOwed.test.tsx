import { type DefinitionDocuments, type DocumentRow, Role } from "@coordina/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expiringDefinition as definition, documentRow, UPLOADER } from "../../../test/documents";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { DocumentSection } from "../document-sections/DocumentSection";
import { DefinitionBoxes } from "./DefinitionBoxes";

const MISSING = "Falta la fecha de caducidad";

/**
 * getcompanydefined answering `boxes` as the server does: a document owes its date (needs_expiry) while its
 * file has none; /file-manager/fileupload/edit sets it.
 */
function serveBoxes(boxes: { definition: DefinitionDocuments["definition"]; documents: DocumentRow[] }[]) {
  const expiries = new Map<number, string | null>();
  const calls = stubServer((path, body) => {
    const edited = path.match(/\/file-manager\/fileupload\/edit\/(\d+)$/);
    if (edited) {
      expiries.set(Number(edited[1]), (body.obsolete as string | null) ?? null);
      const file = boxes.flatMap((b) => b.documents).find((d) => d.fileupload.id === Number(edited[1]))!.fileupload;
      return json(200, { result: true, file: { ...file, name: body.name, obsolete: body.obsolete } });
    }
    if (path.endsWith("/getcompanydefined")) {
      const data = boxes.map(({ definition, documents }) => ({
        definition,
        documents: documents.map((d) => {
          const obsolete = expiries.has(d.fileupload.id) ? expiries.get(d.fileupload.id)! : d.fileupload.obsolete;
          return { ...d, fileupload: { ...d.fileupload, obsolete }, needs_expiry: d.needs_expiry && !obsolete };
        }),
        templates: [],
        can_upload: false,
        can_validate: false,
      }));
      return json(200, { result: true, company: { id: 2, name: "Ascensores Levante S.L." }, data });
    }
    return json(404, { result: false, error: "error.not-found" });
  });
  return calls;
}

const renderBoxes = () =>
  renderInApp(<DefinitionBoxes request={{ group: "ALL" }} emptyText="No hay documentos que subir en este grupo." />);
const rowOf = (name: string) => screen.getAllByTestId("document-row").find((r) => r.textContent?.includes(name))!;
const dialogs = () => screen.queryAllByRole("dialog", { name: "Editar documento" });

describe("a document that owes the expiry date its definition demands (issue 21)", () => {
  it("reopens its dialog for its uploader on every visit until the date is saved, and is flagged meanwhile", async () => {
    startTestSession([], { role: Role.gremio, userId: UPLOADER });
    const calls = serveBoxes([
      { definition: definition(4, "Seguro RC"), documents: [documentRow(1, "poliza-rc.pdf", 4)] },
    ]);
    const first = renderBoxes();
    const dialog = await screen.findByRole("dialog", { name: "Editar documento" });
    expect(within(dialog).getByText("Fecha de caducidad obligatoria")).toBeTruthy();
    expect(within(rowOf("poliza-rc.pdf")).getByTestId("expiry-indicator").textContent).toBe(MISSING);
    // It cannot be dismissed: no close button, Escape does nothing.
    expect(within(dialog).queryByRole("button", { name: /Cerrar|Cancelar/ })).toBeNull();
    await first.user.keyboard("{Escape}");
    expect(dialogs()).toHaveLength(1);

    // Leaving and coming back (a reload) finds it again.
    first.unmount();
    const { user } = renderBoxes();
    const again = await screen.findByRole("dialog", { name: "Editar documento" });
    expect(within(rowOf("poliza-rc.pdf")).getByTestId("expiry-indicator").textContent).toBe(MISSING);

    // With a date saved it closes, stays closed and the flag goes.
    await user.click(within(again).getByRole("button", { name: "Fecha de caducidad" }));
    await user.click(await screen.findByRole("button", { name: /^15 / }));
    await user.click(within(again).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    const saved = calls.find((c) => c.path === "/file-manager/fileupload/edit/101")!;
    expect(saved.body).toMatchObject({ name: "poliza-rc.pdf", obsolete: expect.stringMatching(/^\d{4}-\d{2}-15$/) });
    await waitFor(() =>
      expect(within(rowOf("poliza-rc.pdf")).getByTestId("expiry-indicator").textContent).toContain("15/"),
    );
    expect(dialogs()).toHaveLength(0);
  });

  it("is flagged, without the dialog, for those who did not upload it: a colleague, the colegio", async () => {
    for (const [who, over] of [
      [{ role: Role.gremio, userId: 9 }, {}],
      [{ role: Role.colegio, userId: 1, companyId: 1 }, { can_edit: false }],
    ] as const) {
      startTestSession([], who);
      serveBoxes([
        { definition: definition(4, "Seguro RC"), documents: [documentRow(1, "poliza-rc.pdf", 4, null, over)] },
      ]);
      const { unmount } = renderBoxes();
      await screen.findByText("poliza-rc.pdf");
      expect(within(rowOf("poliza-rc.pdf")).getByTestId("expiry-indicator").textContent).toBe(MISSING);
      expect(dialogs()).toHaveLength(0);
      unmount();
    }
  });

  it("opens one dialog at a time when several are owed, the next once the first is saved", async () => {
    startTestSession([], { role: Role.gremio, userId: UPLOADER });
    serveBoxes([
      { definition: definition(4, "Seguro RC"), documents: [documentRow(1, "poliza-rc.pdf", 4)] },
      {
        definition: definition(6, "Formación PRL"),
        documents: [documentRow(2, "prl.pdf", 6)],
      },
    ]);
    const { user } = renderBoxes();
    const dialog = await screen.findByRole("dialog", { name: "Editar documento" });
    expect(dialogs()).toHaveLength(1);
    expect((within(dialog).getByRole("textbox", { name: /Nombre del documento/ }) as HTMLInputElement).value).toBe(
      "poliza-rc.pdf",
    );
    await user.click(within(dialog).getByRole("button", { name: "Fecha de caducidad" }));
    await user.click(await screen.findByRole("button", { name: /^15 / }));
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect((screen.getByRole("textbox", { name: /Nombre del documento/ }) as HTMLInputElement | null)?.value).toBe(
        "prl.pdf",
      ),
    );
    expect(dialogs()).toHaveLength(1);
    expect(within(rowOf("prl.pdf")).getByTestId("expiry-indicator").textContent).toBe(MISSING);
  });

  it("is flagged in the sections that list a company's documents (a provider in a community)", () => {
    renderInApp(
      <DocumentSection
        title="Documentos para el administrador"
        definitions={[
          {
            id: 4,
            name: "Seguro RC",
            files: [
              { id: 1, fileId: 101, name: "poliza-rc.pdf", size: 2048, obsolete: null, needsExpiry: true },
              { id: 2, fileId: 102, name: "anexo.pdf", size: 2048, obsolete: null, needsExpiry: false },
            ],
          },
        ]}
      />,
      { route: null },
    );
    const [owed, plain] = screen.getAllByTestId("expiry-indicator");
    expect(owed!.textContent).toBe(MISSING);
    expect(plain!.textContent).toBe("Caducidad: no tiene");
  });
});
