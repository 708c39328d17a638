import { MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import { act, fireEvent, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, stubXhr } from "../../test/fakeXhr";
import { renderInApp } from "../../test/render";
import { UploadArea, type UploadAreaProps } from "./UploadArea";

const PATH = "/companies/documents/upload-defined-file";
const NOT_PDF = "El fichero no es un PDF. Solo admitimos documentos PDF.";
const TOO_LARGE = "El fichero es demasiado grande. Admitimos hasta 10 MB.";

function pdf(name = "seguro.pdf", size = 1024) {
  return new File([new Uint8Array(size)], name, { type: "application/pdf" });
}

function renderArea(props: Partial<UploadAreaProps> = {}) {
  const onUploaded = vi.fn();
  // The user may pick 'All files' in the browser's file chooser: the accept filter is not applied.
  const rendered = renderInApp(<UploadArea path={PATH} fields={{ id_def: 7 }} onUploaded={onUploaded} {...props} />, {
    userOptions: { applyAccept: false },
  });
  return { ...rendered, onUploaded, input: screen.getByLabelText("Elegir ficheros PDF para subir") };
}

/** The error dialog 'Ha habido un error'. */
function errorDialog() {
  return screen.findByRole("dialog", { name: "Ha habido un error" });
}

/** The user picks a file; the drop zone reads the choice asynchronously, so its row is awaited. */
async function choose(user: UserEvent, input: HTMLElement, file: File) {
  await user.upload(input, file);
  return screen.findByRole("listitem");
}

/** Files dragged from the desktop and dropped on the area. */
function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId("upload-area"), {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: "file", type: file.type, getAsFile: () => file })),
      types: ["Files"],
    },
  });
}

beforeEach(stubXhr);

describe("UploadArea", () => {
  it("invites to click or drop PDFs of up to 10 MB", () => {
    renderArea();
    expect(screen.getByText("Haz click o arrastra aquí tus ficheros")).toBeTruthy();
    expect(screen.getByText("Documentos PDF de hasta 10 MB cada uno")).toBeTruthy();
  });

  it("uploads a chosen PDF with its fields, shows its progress and hands over the answer", async () => {
    const { user, input, onUploaded } = renderArea();
    const row = await choose(user, input, pdf());

    expect(FakeXhr.sent).toHaveLength(1);
    const request = FakeXhr.sent[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(PATH);
    expect(request.field("id_def")).toBe("7");
    expect((request.field("file") as File).name).toBe("seguro.pdf");
    expect(within(row).getByText("seguro.pdf")).toBeTruthy();
    expect(within(row).getByText("Subiendo… 0 %")).toBeTruthy();

    act(() => request.progress(512, 1024));
    expect(within(row).getByText("Subiendo… 50 %")).toBeTruthy();

    await act(async () => request.answer(200, { result: true, data: { id: 31 } }));
    expect(within(row).getByText("Subido")).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith({ result: true, data: { id: 31 } });
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(within(row).getByRole("button", { name: "Quitar seguro.pdf de la lista" }));
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("refuses a file that is not a PDF without sending it, and says why", async () => {
    const { user, input, onUploaded } = renderArea();
    const row = await choose(user, input, new File(["hola"], "notas.txt", { type: "text/plain" }));

    expect(FakeXhr.sent).toHaveLength(0);
    expect(within(row).getByText("No subido")).toBeTruthy();
    expect(within(await errorDialog()).getByText(NOT_PDF)).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();

    await user.click(within(await errorDialog()).getByRole("button", { name: "Aceptar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("refuses a PDF over 10 MB without sending it", async () => {
    const { user, input } = renderArea();
    const row = await choose(user, input, pdf("planos.pdf", MAX_FILE_SIZE_BYTES + 1));

    expect(FakeXhr.sent).toHaveLength(0);
    expect(within(row).getByText("No subido")).toBeTruthy();
    expect(within(await errorDialog()).getByText(TOO_LARGE)).toBeTruthy();
  });

  it("judges dropped files too: the PDF goes, the others are refused with one reason for both", async () => {
    renderArea();
    drop([pdf("acta.pdf"), new File(["x"], "foto.png", { type: "image/png" }), new File(["y"], "notas.txt")]);

    const dialog = await errorDialog();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(FakeXhr.sent).toHaveLength(1);
    expect((FakeXhr.sent[0]!.field("file") as File).name).toBe("acta.pdf");
    expect(within(dialog).getByText("foto.png, notas.txt")).toBeTruthy();
    expect(within(dialog).getAllByText(NOT_PDF)).toHaveLength(1);
  });

  it("takes one file at a time where only one may be uploaded", async () => {
    renderArea({ multiple: false });
    expect(screen.getByText("Un documento PDF de hasta 10 MB")).toBeTruthy();
    drop([pdf("a.pdf"), pdf("b.pdf")]);

    const dialog = await errorDialog();
    expect(within(dialog).getByText("a.pdf, b.pdf")).toBeTruthy();
    expect(within(dialog).getByText("Aquí se sube un solo fichero cada vez.")).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's refusal in Spanish", async () => {
    const { user, input } = renderArea();
    const row = await choose(user, input, pdf());
    await act(async () => FakeXhr.sent[0]!.answer(413, { result: false }));

    expect(within(row).getByText("No subido")).toBeTruthy();
    expect(within(await errorDialog()).getByText(TOO_LARGE)).toBeTruthy();
  });

  it("is reached with the keyboard, and Enter opens the file chooser", async () => {
    const { user, input } = renderArea();
    const opened = vi.fn();
    input.addEventListener("click", opened);

    await user.tab();
    // a screen reader meets a named button, and its size hint with it
    const zone = screen.getByRole("button", { name: "Haz click o arrastra aquí tus ficheros" });
    expect(zone).toBe(screen.getByTestId("upload-area"));
    expect(zone.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(zone.getAttribute("aria-describedby")!)?.textContent).toMatch(/MB/);
    expect(document.activeElement).toBe(zone);
    await user.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
