import {
  type CommunityMissing,
  communityLight,
  type ProviderMissingInColegio,
  readLight,
  uploadLight,
} from "@coordina/domain";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubServer } from "../../../test/fakeServer";
import { renderInApp } from "../../../test/render";
import { CountLight } from "../../ui/TrafficLight";
import { ColegioPendingLight, ColegioProviderMissing, CommunityMissingDuties } from "./AggregateMissing";

const PROVIDER_MISSING = "/companies/providers/missing";
const COMMUNITY_MISSING = "/companies/fincas/missing";

const SOL = { finca_id: 7, finca_name: "Comunidad Sol" };
const LUNA = { finca_id: 8, finca_name: "Comunidad Luna" };
const GENERAL = { finca_id: null, finca_name: null };

const OVER_COLEGIO: ProviderMissingInColegio = {
  uploads: [
    { definition_id: 4, definition_name: "Formación PRL", reason: "missing", expired_on: null, ...SOL },
    { definition_id: 4, definition_name: "Formación PRL", reason: "incomplete", expired_on: null, ...LUNA },
    { definition_id: 2, definition_name: "Seguro RC", reason: "expired", expired_on: "2026-03-12", ...GENERAL },
  ],
  reads: [
    {
      document_id: 9,
      definition_name: "Plan de emergencia",
      document_name: "plan.pdf",
      finca_id: 7,
      finca_name: "Comunidad Sol",
    },
    {
      document_id: 9,
      definition_name: "Plan de emergencia",
      document_name: "plan.pdf",
      finca_id: 8,
      finca_name: "Comunidad Luna",
    },
  ],
  pending: [
    { document_id: 11, definition_name: "Seguro RC", document_name: "rc.pdf", ...GENERAL },
    { document_id: 12, definition_name: "Plan de trabajo", document_name: "plan-sol.pdf", ...SOL },
  ],
};

const LIMPIEZAS = { provider_id: 3, provider_name: "Limpiezas Sol" };
const ASCENSORES = { provider_id: 5, provider_name: "Ascensores Luna" };
const IN_COMMUNITY: CommunityMissing = {
  uploads: [
    { ...LIMPIEZAS, definition_id: 2, definition_name: "Seguro RC", reason: "expired", expired_on: "2026-03-12" },
    { ...LIMPIEZAS, definition_id: 4, definition_name: "Formación PRL", reason: "missing", expired_on: null },
    { ...ASCENSORES, definition_id: 2, definition_name: "Seguro RC", reason: "missing", expired_on: null },
  ],
  reads: [{ ...ASCENSORES, document_id: 9, definition_name: "Plan de emergencia", document_name: "plan.pdf" }],
};

/** A provider's light in the colegio's providers list (provider 3), as CompanyListRow draws it. */
function renderProviderLight(kind: "upload" | "read", done: number, required: number) {
  return renderInApp(
    <CountLight
      rule={uploadLight}
      what={kind === "upload" ? "uploaded" : "read"}
      done={done}
      required={required}
      missing={(figures) => <ColegioProviderMissing providerId={3} kind={kind} {...figures} />}
    />,
  );
}

/** A community's light in the communities list (community 7), as AdminCommunitiesList draws it. */
function renderCommunityLight(kind: "upload" | "read", done: number, required: number) {
  return renderInApp(
    <CountLight
      rule={kind === "upload" ? communityLight : readLight}
      what={kind === "upload" ? "uploaded" : "read"}
      done={done}
      required={required}
      missing={(figures) => <CommunityMissingDuties communityId={7} kind={kind} {...figures} />}
    />,
  );
}

/** The tooltip's second line once the answer has landed. */
async function landedLine() {
  const line = await screen.findByTestId("light-missing");
  await waitFor(() => expect(line.getAttribute("aria-busy")).toBe("false"));
  return line;
}

describe("a provider's lights in the colegio's providers list name what it lacks over its communities", () => {
  it("asks only when the words open, then names each upload once, a per-community one with its community", async () => {
    const calls = stubServer(() => json(200, { result: true, data: OVER_COLEGIO }));
    const { user } = renderProviderLight("upload", 5, 8);
    expect(calls).toHaveLength(0);

    await user.tab();
    expect(
      await screen.findByText(
        "Faltan 3 de 8: Formación PRL (Comunidad Sol), Formación PRL (Comunidad Luna, sin fecha de caducidad), Seguro RC (caducado)",
      ),
    ).toBeTruthy();
    expect(calls).toEqual([{ path: PROVIDER_MISSING, body: { id_gremio: 3 } }]);
    expect(screen.getByRole("tooltip").textContent).toContain("Documentos subidos: 5 de 8.");
  });

  it("names the documents to read with the community where each is to be read", async () => {
    stubServer(() => json(200, { result: true, data: OVER_COLEGIO }));
    const { user } = renderProviderLight("read", 4, 6);
    await user.tab();
    expect(
      await screen.findByText(
        "Faltan 2 de 6 por leer: Plan de emergencia (plan.pdf) en Comunidad Sol, Plan de emergencia (plan.pdf) en Comunidad Luna",
      ),
    ).toBeTruthy();
  });

  it("names at most eight and counts the rest, so the words say as many as the light is short", async () => {
    const uploads = Array.from({ length: 11 }, (_, i) => ({
      definition_id: i + 1,
      definition_name: `Documento ${i + 1}`,
      reason: "missing" as const,
      expired_on: null,
      ...GENERAL,
    }));
    stubServer(() => json(200, { result: true, data: { ...OVER_COLEGIO, uploads } }));
    const { user } = renderProviderLight("upload", 9, 20);
    await user.tab();
    const line = await landedLine();
    expect(line.textContent).toBe(
      "Faltan 11 de 20: Documento 1, Documento 2, Documento 3, Documento 4, Documento 5, Documento 6, Documento 7, Documento 8 y 3 más",
    );
  });

  it("says the figures when the names cannot be read", async () => {
    stubServer(() => json(403, { result: false, error: "error.forbidden" }));
    const { user } = renderProviderLight("upload", 3, 5);
    await user.tab();
    expect((await landedLine()).textContent).toBe("Faltan 2 de 5.");
  });

  it("names the documents waiting for validation on the validation light, and asks nothing when none waits", async () => {
    const calls = stubServer(() => json(200, { result: true, data: OVER_COLEGIO }));
    const { user, unmount } = renderInApp(<ColegioPendingLight providerId={3} pending={2} />);
    expect(screen.getByRole("button", { name: "Documentos pendientes de validar: 2." })).toBeTruthy();
    await user.tab();
    expect(
      await screen.findByText(
        "Esperan validación: Seguro RC (rc.pdf), Plan de trabajo (plan-sol.pdf) en Comunidad Sol",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("tooltip").textContent).toContain("Documentos pendientes de validar: 2.");
    expect(calls).toEqual([{ path: PROVIDER_MISSING, body: { id_gremio: 3 } }]);
    unmount();

    const grey = renderInApp(<ColegioPendingLight providerId={3} pending={0} />);
    await grey.user.tab();
    expect((await screen.findByRole("tooltip")).textContent).toBe("Nada pendiente de validar.");
    expect(calls).toHaveLength(1);
  });
});

describe("a community's lights in the communities list name what its providers lack, by provider", () => {
  it("groups the missing uploads by provider", async () => {
    const calls = stubServer(() => json(200, { result: true, data: IN_COMMUNITY }));
    const { user } = renderCommunityLight("upload", 7, 10);
    expect(calls).toHaveLength(0);
    await user.tab();
    expect(
      await screen.findByText(
        "Faltan 3 de 10 — Limpiezas Sol: Seguro RC (caducado), Formación PRL; Ascensores Luna: Seguro RC",
      ),
    ).toBeTruthy();
    expect(calls).toEqual([{ path: COMMUNITY_MISSING, body: { id_finca: 7 } }]);
  });

  it("groups the documents to read by provider, in the singular for one", async () => {
    stubServer(() => json(200, { result: true, data: IN_COMMUNITY }));
    const { user } = renderCommunityLight("read", 1, 2);
    await user.tab();
    expect(
      await screen.findByText("Falta 1 de 2 por leer — Ascensores Luna: Plan de emergencia (plan.pdf)"),
    ).toBeTruthy();
  });

  it("names at most eight over all its providers and counts the rest", async () => {
    const uploads = Array.from({ length: 10 }, (_, i) => ({
      ...(i < 6 ? LIMPIEZAS : ASCENSORES),
      definition_id: i + 1,
      definition_name: `D${i + 1}`,
      reason: "missing" as const,
      expired_on: null,
    }));
    stubServer(() => json(200, { result: true, data: { uploads, reads: [] } }));
    const { user } = renderCommunityLight("upload", 2, 12);
    await user.tab();
    expect((await landedLine()).textContent).toBe(
      "Faltan 10 de 12 — Limpiezas Sol: D1, D2, D3, D4, D5, D6; Ascensores Luna: D7, D8 y 2 más",
    );
  });

  it("does not ask when the light is green", async () => {
    const calls = stubServer(() => json(200, { result: true, data: IN_COMMUNITY }));
    const { user } = renderCommunityLight("upload", 4, 4);
    await user.tab();
    expect((await screen.findByRole("tooltip")).textContent).toBe("Documentos subidos: 4 de 4. Completo.");
    expect(calls).toHaveLength(0);
  });
});
