import type { ArrivalsPage } from "@coordina/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../../test/render";
import { addTexts } from "../../../app/i18n";
import texts from "../es.json";
import { ArrivalsSection } from "./ArrivalsSection";

addTexts(texts);

type Arrival = ArrivalsPage["data"][number];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const arrival = (id: number, arrived_at: string, missing: Arrival["missing"]): Arrival => ({
  id,
  finca_id: 7,
  provider_id: 12,
  provider_name: "Ascensores Levante S.L.",
  porter_id: 31,
  porter_email: "portero31@fincas.es",
  arrived_at,
  uploaded_count: missing.length ? 1 : 2,
  upload_must: 2,
  read_count: 1,
  read_must: 1,
  missing,
});

function stubServer(data: Arrival[], count = data.length) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>);
      return json(200, { result: true, data, count, pagination: { count, page: 1, limit: 10 } });
    }),
  );
  return bodies;
}

describe("the provider's arrivals in the community (ArrivalsSection)", () => {
  it("shows each arrival newest first with the time in Spain, the porter and the state at that moment", async () => {
    const bodies = stubServer([
      arrival(2, "2026-11-27T08:14:00.000Z", [
        {
          kind: "upload",
          definition_id: 4,
          definition_name: "Seguro de responsabilidad civil",
          reason: "expired",
          expired_on: "2026-03-12",
        },
      ]),
      arrival(1, "2026-07-01T07:05:00.000Z", []),
    ]);
    renderInApp(<ArrivalsSection communityId={7} providerId={12} />);

    const items = await screen.findAllByTestId("arrival");
    expect(items).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ id_finca: 7, id_provider: 12, page: 1, sortBy: "arrived_at", sortDesc: "DESC" });
    const [late, early] = items as [HTMLElement, HTMLElement];
    expect(within(late).getByText("27/11/2026 09:14")).toBeTruthy();
    expect(late.textContent).toContain("Portero: portero31@fincas.es");
    expect(within(late).getByRole("button", { name: "Le falta documentación" }).getAttribute("data-light")).toBe(
      "error",
    );
    expect(within(late).getByTestId("arrival-missing").textContent).toBe(
      "Seguro de responsabilidad civil: caducado el 12/03/2026",
    );
    expect(within(early).getByText("01/07/2026 09:05")).toBeTruthy();
    expect(within(early).getByRole("button", { name: "En regla" }).getAttribute("data-light")).toBe("ok");
    expect(within(early).queryByTestId("arrival-missing")).toBeNull();
  });

  it("shows each arrival's figures, and a dash where nothing was expected", async () => {
    stubServer([
      arrival(2, "2026-11-27T08:14:00.000Z", []),
      { ...arrival(1, "2026-07-01T07:05:00.000Z", []), uploaded_count: 0, upload_must: 0, read_count: 0, read_must: 0 },
    ]);
    renderInApp(<ArrivalsSection communityId={7} providerId={12} />);

    const [expected, nothing] = (await screen.findAllByTestId("arrival")) as [HTMLElement, HTMLElement];
    expect(expected.textContent).toContain("Subidos 2/2 · Leídos 1/1");
    expect(nothing.textContent).toContain("Subidos — · Leídos —");
    expect(nothing.textContent).not.toContain("0/0");
  });

  it("says when no porter has recorded an arrival", async () => {
    stubServer([]);
    renderInApp(<ArrivalsSection communityId={7} providerId={12} />);
    expect((await screen.findByTestId("no-arrivals")).textContent).toBe(
      "Ningún portero ha registrado llegadas de este proveedor",
    );
  });
});
