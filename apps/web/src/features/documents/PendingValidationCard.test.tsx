import { type PendingValidationRow, Role } from "@coordina/domain";
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentRow } from "../../../test/documents";
import { json, stubServer } from "../../../test/fakeServer";
import { onPhone } from "../../../test/phone";
import { renderInApp } from "../../../test/render";
import { startTestSession } from "../../../test/session";
import { HOLD_MS } from "./heldRows";
import MandatoryDocumentsPage from "./MandatoryDocumentsPage";

const COMPANY = "Ascensores Levante S.L.";

function pending(id: number, name: string): PendingValidationRow {
  return {
    document: documentRow(id, name, 4, "2099-12-31", { company_id: 20 }),
    definition_name: "Alta en la Seguridad Social",
    company_name: COMPANY,
    company_type: Role.gremio,
  };
}

/** The colegio's server: three documents waiting; validatedocument switches them as the real one does. */
function serveValidation() {
  const waiting = [pending(1, "alta-a.pdf"), pending(2, "alta-b.pdf"), pending(3, "alta-c.pdf")];
  const validated = new Set<number>();
  const answers: number[][] = [];
  const calls = stubServer((path, body) => {
    if (path.endsWith("/pending-validation")) {
      const data = waiting.filter((row) => !validated.has(row.document.id));
      answers.push(data.map((row) => row.document.id));
      return json(200, { result: true, data, count: data.length });
    }
    if (path.endsWith("/validatedocument")) {
      const id = Number(body.id_document);
      if (body.valid) validated.add(id);
      else validated.delete(id);
      return json(200, { result: true, data: { id, validated: body.valid } });
    }
    return json(404, { result: false, error: "error.not-found" });
  });
  return { calls, answers, validated };
}

const shownRows = () =>
  screen.getAllByTestId("pending-validation-row").map((row) => within(row).getAllByRole("cell")[0]!.textContent);
const rowOf = (name: string) =>
  screen.getAllByTestId("pending-validation-row").find((r) => r.textContent?.includes(name))!;
const UNDO_B = `Deshacer la validación de alta-b.pdf de ${COMPANY}`;

/** 'Validar documentos' with its three documents, B validated from its switch. */
async function validateB() {
  const server = serveValidation();
  const app = renderInApp(<MandatoryDocumentsPage />, {
    route: "/documents/mandatory",
    userOptions: { advanceTimers: vi.advanceTimersByTime },
  });
  await screen.findByText("alta-b.pdf");
  await app.user.click(within(rowOf("alta-b.pdf")).getByRole("switch"));
  // Said once it is saved and the list has reloaded.
  await screen.findByText(`Documento alta-b.pdf de ${COMPANY} validado`);
  return { ...app, ...server };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  startTestSession([], { role: Role.colegio });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("validating from 'Validar documentos' can be undone (issue 21)", () => {
  it("keeps the validated row in its place, 'Validado' with 'Deshacer', for a while, then lets it go", async () => {
    const { calls, answers, validated } = await validateB();
    expect(calls.filter((c) => c.path.endsWith("/validatedocument")).map((c) => c.body)).toMatchObject([
      { valid: true, id_document: 2 },
    ]);
    expect(validated.has(2)).toBe(true);
    // The list has reloaded without it, and it is still shown where it was, validated.
    expect(answers.at(-1)).toEqual([1, 3]);
    expect(shownRows()).toEqual([
      expect.stringContaining("alta-a.pdf"),
      expect.stringContaining("alta-b.pdf"),
      expect.stringContaining("alta-c.pdf"),
    ]);
    const row = rowOf("alta-b.pdf");
    expect((within(row).getByRole("switch") as HTMLInputElement).checked).toBe(true);
    expect(within(row).getByText("Validado")).toBeTruthy();
    // The rows still waiting have no 'Deshacer'.
    expect(within(rowOf("alta-a.pdf")).queryByRole("button", { name: /Deshacer/ })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(HOLD_MS - 1_000));
    expect(screen.getByRole("button", { name: UNDO_B })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(shownRows()).toEqual([expect.stringContaining("alta-a.pdf"), expect.stringContaining("alta-c.pdf")]);
    expect(screen.queryByRole("button", { name: UNDO_B })).toBeNull();
  });

  it("'Deshacer' puts it back to pending on the server, and it stays in the list, pending", async () => {
    const { user, calls, validated } = await validateB();
    await user.click(screen.getByRole("button", { name: UNDO_B }));
    expect(
      await screen.findByText(
        `Validación deshecha: el documento alta-b.pdf de ${COMPANY} vuelve a estar pendiente de validar`,
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/validatedocument")).map((c) => c.body)).toMatchObject([
      { valid: true, id_document: 2 },
      { valid: false, id_document: 2 },
    ]);
    expect(validated.has(2)).toBe(false);
    const row = rowOf("alta-b.pdf");
    expect((within(row).getByRole("switch") as HTMLInputElement).checked).toBe(false);
    expect(within(row).getByText("Pendiente de validar")).toBeTruthy();
    expect(screen.queryByRole("button", { name: UNDO_B })).toBeNull();

    // Pending again, it no longer leaves when the time is up.
    await act(() => vi.advanceTimersByTimeAsync(HOLD_MS));
    expect(shownRows()).toEqual([
      expect.stringContaining("alta-a.pdf"),
      expect.stringContaining("alta-b.pdf"),
      expect.stringContaining("alta-c.pdf"),
    ]);
  });

  it("leaving the screen lets it go at once: coming back shows only what waits", async () => {
    const { unmount } = await validateB();
    unmount();
    renderInApp(<MandatoryDocumentsPage />, { route: "/documents/mandatory" });
    await screen.findByText("alta-a.pdf");
    expect(shownRows()).toEqual([expect.stringContaining("alta-a.pdf"), expect.stringContaining("alta-c.pdf")]);
  });
});

describe("'Validar documentos' on a phone (issue 21: lists fit the screen)", () => {
  it("is a column of cards, each document with its company, its switch and 'Ver documento', validated from the card", async () => {
    onPhone();
    const { validated } = serveValidation();
    const { user } = renderInApp(<MandatoryDocumentsPage />, {
      route: "/documents/mandatory",
      userOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const list = await screen.findByTestId("pending-validation-cards");
    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(list).getAllByRole("listitem");
    expect(cards.map((card) => within(card).getByText(/^alta-.\.pdf$/).textContent)).toEqual([
      "alta-a.pdf",
      "alta-b.pdf",
      "alta-c.pdf",
    ]);
    const card = cards[1]!;
    expect(within(card).getByText("Alta en la Seguridad Social")).toBeTruthy();
    expect(within(card).getByText(new RegExp(COMPANY))).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Ver documento" })).toBeTruthy();
    await user.click(within(card).getByRole("switch"));
    await screen.findByText(`Documento alta-b.pdf de ${COMPANY} validado`);
    expect(validated.has(2)).toBe(true);
    expect(within(screen.getByTestId("pending-validation-cards")).getByRole("button", { name: UNDO_B })).toBeTruthy();
  });
});
