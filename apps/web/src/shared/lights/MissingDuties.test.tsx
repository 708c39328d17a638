import { type MissingDuty, readLight, uploadLight } from "@coordina/domain";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { CountLight } from "../../ui/TrafficLight";
import { MissingDuties } from "./MissingDuties";

const MISSING = "/companies/providers/missing_in_finca";

const LACKS: MissingDuty[] = [
  { kind: "upload", definition_id: 4, definition_name: "Formación PRL", reason: "missing", expired_on: null },
  { kind: "upload", definition_id: 2, definition_name: "Seguro RC", reason: "expired", expired_on: "2026-03-12" },
  { kind: "read", document_id: 9, definition_name: "Riesgos de la finca", document_name: "riesgos.pdf" },
];

/** A provider's light in community 7 (provider 3), as the providers of a community draw it. */
function renderLight(kind: "upload" | "read", done: number, required: number) {
  return renderInApp(
    <CountLight
      rule={kind === "upload" ? uploadLight : readLight}
      what={kind === "upload" ? "uploaded" : "read"}
      done={done}
      required={required}
      missing={(figures) => <MissingDuties communityId={7} providerId={3} kind={kind} {...figures} />}
    />,
  );
}

describe("a provider's light in one community names what it lacks", () => {
  it("asks the server only when its words open, then names the missing uploads", async () => {
    const calls = stubServer(() => json(200, { result: true, data: LACKS }));
    const { user } = renderLight("upload", 3, 5);
    expect(calls).toHaveLength(0);

    await user.tab();
    expect(await screen.findByText("Faltan 2 de 5: Formación PRL, Seguro RC (caducado)")).toBeTruthy();
    expect(calls).toEqual([{ path: MISSING, body: { id_finca: 7, id_gremio: 3 } }]);
    expect(screen.getByRole("tooltip").textContent).toContain("Documentos subidos: 3 de 5.");
  });

  it("names the documents still to read on the read light", async () => {
    stubServer(() => json(200, { result: true, data: LACKS }));
    const { user } = renderLight("read", 0, 1);
    await user.tab();
    expect(await screen.findByText("Falta 1 de 1 por leer: Riesgos de la finca (riesgos.pdf)")).toBeTruthy();
  });

  it("says how many are missing when the names cannot be read", async () => {
    const calls = stubServer(() => json(403, { result: false, error: "error.forbidden" }));
    const { user } = renderLight("upload", 3, 5);
    await user.tab();
    // the figures are also what it says while the answer is on its way: wait until the 403 has landed
    const line = await screen.findByTestId("light-missing");
    await waitFor(() => expect(line.getAttribute("aria-busy")).toBe("false"));
    expect(calls).toEqual([{ path: MISSING, body: { id_finca: 7, id_gremio: 3 } }]);
    expect(screen.getByRole("tooltip").textContent).toBe("Documentos subidos: 3 de 5.Faltan 2 de 5.");
  });

  it("does not say the names read before when reading them again fails", async () => {
    let status = 200;
    stubServer(() =>
      status === 200 ? json(200, { result: true, data: LACKS }) : json(503, { result: false, error: "error.server" }),
    );
    const { user } = renderLight("upload", 3, 5);
    await user.tab();
    expect(await screen.findByText("Faltan 2 de 5: Formación PRL, Seguro RC (caducado)")).toBeTruthy();

    status = 503;
    await user.tab();
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    await user.tab({ shift: true });
    const line = await screen.findByTestId("light-missing");
    await waitFor(() => expect(line.getAttribute("aria-busy")).toBe("false"), { timeout: 10_000 });
    expect(line.textContent).toBe("Faltan 2 de 5.");
  });

  it("says a single missing one in the singular", async () => {
    stubServer(() => json(403, { result: false, error: "error.forbidden" }));
    const { user } = renderLight("upload", 4, 5);
    await user.tab();
    const line = await screen.findByTestId("light-missing");
    await waitFor(() => expect(line.getAttribute("aria-busy")).toBe("false"));
    expect(line.textContent).toBe("Falta 1 de 5.");
  });

  it("does not show the names read before while it reads them again, and tells a screen reader when they land", async () => {
    let answer: Promise<Response> = Promise.resolve(json(200, { result: true, data: LACKS }));
    const calls = stubServer(() => answer);
    const { user } = renderLight("upload", 3, 5);
    await user.tab();
    expect(await screen.findByText("Faltan 2 de 5: Formación PRL, Seguro RC (caducado)")).toBeTruthy();

    // Formación PRL is uploaded meanwhile; the words close and open again
    let land: (response: Response) => void = () => {};
    answer = new Promise((resolve) => (land = resolve));
    await user.tab();
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    await user.tab({ shift: true });
    await waitFor(() => expect(calls).toHaveLength(2));
    const line = await screen.findByTestId("light-missing");
    expect(line.textContent).toBe("Faltan 2 de 5.");
    expect(line.getAttribute("aria-live")).toBe("polite");

    land(json(200, { result: true, data: LACKS.slice(1) }));
    await waitFor(() => expect(line.textContent).toBe("Falta 1 de 5: Seguro RC (caducado)"));
    expect(screen.queryByText(/Formación PRL/)).toBeNull();
  });

  it("does not ask when the light is green", async () => {
    const calls = stubServer(() => json(200, { result: true, data: [] }));
    const { user } = renderLight("upload", 5, 5);
    await user.tab();
    expect((await screen.findByRole("tooltip")).textContent).toBe("Documentos subidos: 5 de 5. Completo.");
    expect(calls).toHaveLength(0);
  });
});
