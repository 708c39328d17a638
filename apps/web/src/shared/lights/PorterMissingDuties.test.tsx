import { type PorterMissingDuty, readLight, uploadLight } from "@coordina/domain";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { CountLight } from "../../ui/TrafficLight";
import { NAMED } from "./names";
import { PorterMissingDuties, type PorterMissingSource } from "./PorterMissingDuties";

const SOL = { finca_id: 7, finca_name: "Comunidad Sol" };
const LUNA = { finca_id: 8, finca_name: "Comunidad Luna" };
const GENERAL = { finca_id: null, finca_name: null };
const LACKS: PorterMissingDuty[] = [
  {
    kind: "upload",
    definition_id: 4,
    definition_name: "Ficha de la finca",
    reason: "missing",
    expired_on: null,
    ...SOL,
  },
  {
    kind: "upload",
    definition_id: 5,
    definition_name: "Formación PRL",
    reason: "missing",
    expired_on: null,
    ...GENERAL,
  },
  {
    kind: "upload",
    definition_id: 2,
    definition_name: "Seguro RC",
    reason: "expired",
    expired_on: "2026-03-12",
    ...GENERAL,
  },
  { kind: "read", document_id: 9, definition_name: "Plan de emergencia", document_name: "plan.pdf", ...LUNA },
];

/** A porter's light as the porter lists draw it, its words from `source`. */
function renderLight(source: PorterMissingSource, kind: "upload" | "read", done: number, required: number) {
  return renderInApp(
    <CountLight
      rule={kind === "upload" ? uploadLight : readLight}
      what={kind === "upload" ? "uploaded" : "read"}
      done={done}
      required={required}
      missing={(figures) => <PorterMissingDuties source={source} kind={kind} {...figures} />}
    />,
  );
}

describe("a porter's light names what the porter lacks", () => {
  it("in one community, for its administrator: asked only when its words open, by keyboard", async () => {
    const calls = stubServer(() => json(200, { result: true, data: LACKS }));
    const { user } = renderLight({ kind: "finca", communityId: 7, porterId: 41 }, "upload", 2, 5);
    expect(calls).toHaveLength(0);

    await user.tab();
    // One community: no community names.
    expect(
      await screen.findByText("Faltan 3 de 5: Ficha de la finca, Formación PRL, Seguro RC (caducado)"),
    ).toBeTruthy();
    expect(calls).toEqual([{ path: "/porteros/fincas/missing", body: { id_finca: 7, id_portero: 41 } }]);
    expect(screen.getByRole("tooltip").textContent).toContain("Documentos subidos: 2 de 5.");
  });

  it("in the porter's own community, the reads in the singular", async () => {
    const calls = stubServer(() => json(200, { result: true, data: LACKS }));
    const { user } = renderLight({ kind: "own", communityId: 8 }, "read", 1, 2);
    await user.tab();
    expect(await screen.findByText("Falta 1 de 2 por leer: Plan de emergencia (plan.pdf)")).toBeTruthy();
    expect(calls).toEqual([{ path: "/porteros/comunidades/missing", body: { id_finca: 8 } }]);
  });

  it("over several communities, each per-community upload and each read with its community", async () => {
    const calls = stubServer(() => json(200, { result: true, data: LACKS }));
    const upload = renderLight({ kind: "over", porterId: 41 }, "upload", 1, 4);
    await upload.user.tab();
    expect(
      await screen.findByText("Faltan 3 de 4: Ficha de la finca (Comunidad Sol), Formación PRL, Seguro RC (caducado)"),
    ).toBeTruthy();
    expect(calls).toEqual([{ path: "/porteros/portero/missing", body: { id_portero: 41 } }]);
    upload.unmount();

    const read = renderLight({ kind: "over", porterId: 41 }, "read", 0, 1);
    await read.user.tab();
    expect(
      await screen.findByText("Falta 1 de 1 por leer: Plan de emergencia (plan.pdf) en Comunidad Luna"),
    ).toBeTruthy();
  });

  it(`names at most ${NAMED}, then how many more, the count still the whole shortfall`, async () => {
    const many: Extract<PorterMissingDuty, { kind: "read" }>[] = Array.from({ length: NAMED + 3 }, (_, i) => ({
      kind: "read",
      document_id: 100 + i,
      definition_name: "Normas",
      document_name: `n${i + 1}.pdf`,
      ...SOL,
    }));
    stubServer(() => json(200, { result: true, data: many }));
    const { user } = renderLight({ kind: "finca", communityId: 7, porterId: 41 }, "read", 0, many.length);
    await user.tab();
    const named = many.slice(0, NAMED).map((d) => `Normas (${d.document_name})`);
    expect(
      await screen.findByText(`Faltan ${many.length} de ${many.length} por leer: ${named.join(", ")} y 3 más`),
    ).toBeTruthy();
  });

  it("says how many are missing when the names cannot be read", async () => {
    stubServer(() => json(403, { result: false, error: "error.forbidden" }));
    const { user } = renderLight({ kind: "finca", communityId: 7, porterId: 41 }, "upload", 3, 5);
    await user.tab();
    const line = await screen.findByTestId("light-missing");
    await waitFor(() => expect(line.getAttribute("aria-busy")).toBe("false"));
    expect(line.textContent).toBe("Faltan 2 de 5.");
    expect(line.getAttribute("aria-live")).toBe("polite");
  });

  it("does not ask when the light is green or grey", async () => {
    const calls = stubServer(() => json(200, { result: true, data: [] }));
    const green = renderLight({ kind: "own", communityId: 7 }, "upload", 5, 5);
    await green.user.tab();
    expect((await screen.findByRole("tooltip")).textContent).toBe("Documentos subidos: 5 de 5. Completo.");
    green.unmount();
    const grey = renderLight({ kind: "own", communityId: 7 }, "read", 0, 0);
    await grey.user.tab();
    expect((await screen.findByRole("tooltip")).textContent).toBe("Nada pendiente: no hay documentos que leer.");
    expect(calls).toHaveLength(0);
  });
});
