import { ErrorKey, type MissingDuty, Requirement } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";

/**
 * companies/providers/missing_in_finca: what one provider still lacks in one community, the words of its
 * lights in the providers of a community and in the colegio's view of its communities (docs/compliance.md
 * rule 11). On the shared documents world (test/documents-world.ts): P1 serves C1 (the demo
 * administrator's) and has uploaded its general evaluation and an insurance that expired on 2020-01-31;
 * it has not uploaded the per-community plan for C1 nor read the administrator's risks there.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const NAMES = {
  EVAL: "Evaluación de riesgos laborales",
  RC: "Seguro de responsabilidad civil",
  PLAN: "Plan de trabajo en la comunidad",
  RIESGOS: "Riesgos de la finca",
};
const def = {} as Record<keyof typeof NAMES, number>;
let riesgosC1: number;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const { provider, administrator } = Requirement;
  def.EVAL = (await define(ctx, w.t.colegio, { name: NAMES.EVAL, requirement_origin: provider, mandatory: true })).id;
  def.RC = (
    await define(ctx, w.t.colegio, { name: NAMES.RC, requirement_origin: provider, mandatory: true, obsoletable: true })
  ).id;
  def.PLAN = (
    await define(ctx, w.t.colegio, {
      name: NAMES.PLAN,
      requirement_origin: provider,
      mandatory: true,
      assocfinca: true,
    })
  ).id;
  def.RIESGOS = (
    await define(ctx, w.t.colegio, {
      name: NAMES.RIESGOS,
      requirement_origin: administrator,
      requirement_dest: provider,
      mandatory: true,
      assocfinca: true,
      dest_read_required: true,
    })
  ).id;
  const A = w.A.id;
  await uploaded(ctx, w.t.gremio, A, { id_definition: def.EVAL }, "evaluación.pdf");
  await uploaded(ctx, w.t.gremio, A, { id_definition: def.RC, obsolete: "2020-01-31" }, "rc-2019.pdf");
  riesgosC1 = (
    await uploaded(ctx, w.t.administrador, A, { id_definition: def.RIESGOS, id_finca: w.C1.id }, "riesgos-c1.pdf")
  ).id;
});
afterAll(async () => ctx?.close());

const missingIn = (token: string | undefined, id_finca: number, id_gremio: number) =>
  call(ctx.app, "POST", "/companies/providers/missing_in_finca", { token, body: { id_finca, id_gremio } });

describe("what a provider lacks in a community (companies/providers/missing_in_finca)", () => {
  it("names each missing duty, uploads first by name, then reads, for whoever may see that row", async () => {
    const expected: MissingDuty[] = [
      { kind: "upload", definition_id: def.PLAN, definition_name: NAMES.PLAN, reason: "missing", expired_on: null },
      {
        kind: "upload",
        definition_id: def.RC,
        definition_name: NAMES.RC,
        reason: "expired",
        expired_on: "2020-01-31",
      },
      { kind: "read", document_id: riesgosC1, definition_name: NAMES.RIESGOS, document_name: "riesgos-c1.pdf" },
    ];
    // The community's administrator, its colegio and the provider itself.
    for (const token of [w.t.administrador, w.t.colegio, w.t.gremio]) {
      const res = await missingIn(token, w.C1.id, w.P1.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true, data: expected });
    }
  });

  it("is empty for a provider that lacks nothing there", async () => {
    // Colegio B defines nothing: its provider PB lacks nothing in B1.
    const res = await missingIn(w.t.adminB, w.B1.id, w.PB.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, data: [] });
  });

  it("refuses, with no data, whoever may not see that provider in that community", async () => {
    const forbidden = [
      ["another administrator of the colegio", w.t.admin2],
      ["another colegio", w.t.colegioB],
      ["another provider serving the community", w.t.p3],
      ["the community's porter", w.t.portero],
    ] as const;
    for (const [who, token] of forbidden) {
      const res = await missingIn(token, w.C1.id, w.P1.id);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    // A provider asking about itself in a community it does not serve.
    expectError(await missingIn(w.t.p2, w.C1.id, w.P2.id), 403, ErrorKey.forbidden);
    // Nobody logged in.
    expect((await missingIn(undefined, w.C1.id, w.P1.id)).statusCode).toBe(401);
  });

  it("answers 404 for a company that does not serve the community and for a community that does not exist", async () => {
    expectError(await missingIn(w.t.administrador, w.C1.id, w.P0.id), 404, ErrorKey.providerNotInFinca);
    expect((await missingIn(w.t.colegio, 999_999, w.P1.id)).statusCode).toBe(404);
  });
});
