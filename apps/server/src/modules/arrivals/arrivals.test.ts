import {
  type ArrivalProviderRow,
  type ArrivalRow,
  ErrorKey,
  type MissingDuty,
  Requirement,
  todayInSpain,
} from "@coordina/domain";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { providerArrivals } from "../../db/schema/index.js";

/**
 * The arrival check (issue 19): '¿Quién viene hoy?' for the porter of a community, and the arrivals it
 * records, kept as evidence. On the shared documents world (test/documents-world.ts): the demo porter
 * 'portero' works in C1, served by P1 (Ascensores Levante) and P3 (Zeta Limpiezas); 'conserje' in C2.
 *
 * Colegio A's definitions: SEGURO 'Seguro de responsabilidad civil' (provider → administrator, mandatory,
 * expiry required), PLAN 'Plan de trabajo' (provider → administrator, mandatory, per community), NORMAS
 * 'Normas de la comunidad' (administrator → providers, to read). P1 has an expired insurance and its plan
 * for C1; P3 has nothing; the administrator has given its rules.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const today = todayInSpain();
function dayFrom(days: number) {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const def = {} as Record<"SEGURO" | "PLAN" | "NORMAS", number>;
let normas: Awaited<ReturnType<typeof uploaded>>;

const PROVIDERS = "/porteros/llegadas/proveedores";
const ADD = "/porteros/llegadas/add";
const INDEX = "/porteros/llegadas/index";
const post = (token: string | undefined, url: string, body: object = {}) => call(ctx.app, "POST", url, { token, body });

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const { administrator, provider } = Requirement;
  def.SEGURO = (
    await define(ctx, w.t.colegio, {
      name: "Seguro de responsabilidad civil",
      requirement_origin: provider,
      mandatory: true,
      obsoletable: true,
    })
  ).id;
  def.PLAN = (
    await define(ctx, w.t.colegio, {
      name: "Plan de trabajo",
      requirement_origin: provider,
      mandatory: true,
      assocfinca: true,
    })
  ).id;
  def.NORMAS = (
    await define(ctx, w.t.colegio, {
      name: "Normas de la comunidad",
      requirement_origin: administrator,
      requirement_dest: provider,
      dest_read_required: true,
    })
  ).id;
  await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.SEGURO, obsolete: dayFrom(-5) }, "poliza-2025.pdf");
  await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.PLAN, id_finca: w.C1.id }, "plan-mayor.pdf");
  normas = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.NORMAS }, "normas.pdf");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const countArrivals = async () => (await db().select({ n: count() }).from(providerArrivals))[0]!.n;

async function atTheDoor(token: string, body: object) {
  const res = await post(token, PROVIDERS, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ArrivalProviderRow[];
}
async function recorded(token: string, providerId: number, finca = w.C1.id) {
  const res = await post(token, ADD, { id_finca: finca, id_provider: providerId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ArrivalRow;
}
async function arrivals(token: string, body: object) {
  const res = await post(token, INDEX, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ArrivalRow[]; count: number };
}

/** What P1 and P3 lack in C1 at the start. */
const p1Missing = (): MissingDuty[] => [
  {
    kind: "upload",
    definition_id: def.SEGURO,
    definition_name: "Seguro de responsabilidad civil",
    reason: "expired",
    expired_on: dayFrom(-5),
  },
  { kind: "read", document_id: normas.id, definition_name: "Normas de la comunidad", document_name: "normas.pdf" },
];
const p3Missing = (): MissingDuty[] => [
  { kind: "upload", definition_id: def.PLAN, definition_name: "Plan de trabajo", reason: "missing", expired_on: null },
  {
    kind: "upload",
    definition_id: def.SEGURO,
    definition_name: "Seguro de responsabilidad civil",
    reason: "missing",
    expired_on: null,
  },
  { kind: "read", document_id: normas.id, definition_name: "Normas de la comunidad", document_name: "normas.pdf" },
];

describe("who comes today (porteros/llegadas/proveedores)", () => {
  it("lists the community's live providers by name with their figures and, in words, what they lack", async () => {
    const rows = await atTheDoor(w.t.portero, { id_finca: w.C1.id });
    expect(rows).toEqual([
      {
        provider_id: w.P1.id,
        provider_name: "Ascensores Levante S.L.",
        provider_cif: "B87654321",
        uploaded_count: 1,
        upload_must: 2,
        read_count: 0,
        read_must: 1,
        missing: p1Missing(),
        last_arrival: null,
      },
      {
        provider_id: w.P3.id,
        provider_name: "Zeta Limpiezas S.L.",
        provider_cif: "B30000003",
        uploaded_count: 0,
        upload_must: 2,
        read_count: 0,
        read_must: 1,
        missing: p3Missing(),
        last_arrival: null,
      },
    ]);
    // The administrator and the colegio see the same door.
    expect(await atTheDoor(w.t.administrador, { id_finca: w.C1.id })).toEqual(rows);
    expect(await atTheDoor(w.t.colegio, { id_finca: w.C1.id })).toEqual(rows);
    // C2's porter sees C2's providers (P1 only; its plan is for C1).
    const c2 = await atTheDoor(w.t.conserje, { id_finca: w.C2.id });
    expect(c2.map((r) => [r.provider_id, r.uploaded_count, r.upload_must])).toEqual([[w.P1.id, 0, 2]]);
  });

  it("searches by name or tax id, and goes green once everything is met", async () => {
    expect((await atTheDoor(w.t.portero, { id_finca: w.C1.id, filter: "zeta" })).map((r) => r.provider_id)).toEqual([
      w.P3.id,
    ]);
    expect((await atTheDoor(w.t.portero, { id_finca: w.C1.id, filter: "8765" })).map((r) => r.provider_id)).toEqual([
      w.P1.id,
    ]);
    expect(await atTheDoor(w.t.portero, { id_finca: w.C1.id, filter: "100%_" })).toEqual([]);
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.SEGURO, obsolete: dayFrom(365) }, "poliza-2026.pdf");
    const read = await post(w.t.gremio, "/companies/providers/mark_read", {
      readed: true,
      id_document: normas.id,
      id_finca: w.C1.id,
      id_company: w.P1.id,
    });
    expect(read.statusCode, read.body).toBe(200);
    const [p1] = await atTheDoor(w.t.portero, { id_finca: w.C1.id, filter: "Ascensores" });
    expect(p1).toMatchObject({ uploaded_count: 2, upload_must: 2, read_count: 1, read_must: 1, missing: [] });
  });

  it("refuses whoever does not watch that door, with no data", async () => {
    for (const [who, token, body, status, error] of [
      ["a porter of another community", w.t.conserje, { id_finca: w.C1.id }, 403, ErrorKey.forbidden],
      ["a provider of the community", w.t.gremio, { id_finca: w.C1.id }, 403, ErrorKey.forbidden],
      ["another administrator", w.t.admin2, { id_finca: w.C1.id }, 403, ErrorKey.forbidden],
      ["another colegio", w.t.colegioB, { id_finca: w.C1.id }, 403, ErrorKey.forbidden],
      ["nobody signed in", undefined, { id_finca: w.C1.id }, 401, ErrorKey.unauthorized],
      ["a community that does not exist", w.t.portero, { id_finca: 99_999_999 }, 404, ErrorKey.notFound],
      ["a bad id", w.t.portero, { id_finca: "x" }, 400, ErrorKey.invalidInput],
    ] as const) {
      const res = await post(token, PROVIDERS, body);
      expect(res.statusCode, who).toBe(status);
      expect(res.json(), who).toEqual({ result: false, error });
    }
  });
});

describe("recording an arrival (porteros/llegadas/add) and the record (porteros/llegadas/index)", () => {
  it("keeps who let whom in, when, and the provider's state then, even after the provider catches up", async () => {
    const arrival = await recorded(w.t.portero, w.P1.id);
    expect(arrival).toEqual({
      id: expect.any(Number),
      finca_id: w.C1.id,
      provider_id: w.P1.id,
      provider_name: "Ascensores Levante S.L.",
      porter_id: ctx.seed.porter.id,
      porter_email: "portero@coordina.test",
      arrived_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      uploaded_count: 1,
      upload_must: 2,
      read_count: 0,
      read_must: 1,
      missing: p1Missing(),
    });
    const [door] = await atTheDoor(w.t.portero, { id_finca: w.C1.id, filter: "Ascensores" });
    expect(door!.last_arrival).toBe(arrival.arrived_at);

    // P1 uploads a valid insurance afterwards: the door shows it, the record does not change.
    await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: def.SEGURO, obsolete: dayFrom(365) }, "poliza-2026.pdf");
    const [now] = await atTheDoor(w.t.portero, { id_finca: w.C1.id, filter: "Ascensores" });
    expect(now!.missing.map((m) => m.kind)).toEqual(["read"]);
    expect(now!.uploaded_count).toBe(2);
    const later = await recorded(w.t.portero, w.P1.id);
    expect(later).toMatchObject({ uploaded_count: 2, missing: [p1Missing()[1]] });

    const list = await arrivals(w.t.administrador, { id_finca: w.C1.id, id_provider: w.P1.id });
    expect(list.count).toBe(2);
    expect(list.data.map((a) => a.id)).toEqual([later.id, arrival.id]);
    expect(list.data[1]).toEqual(arrival);
  });

  it("lists a community's arrivals newest first for its administrator, colegio, porters, and a provider its own", async () => {
    const first = await recorded(w.t.portero, w.P1.id);
    const second = await recorded(w.t.portero, w.P3.id);
    const third = await recorded(w.t.conserje, w.P1.id, w.C2.id);
    const all = await arrivals(w.t.administrador, { id_finca: w.C1.id });
    expect(all.data.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(all).toMatchObject({ count: 2, pagination: { count: 2, page: 1, limit: 10 } });
    expect(await arrivals(w.t.colegio, { id_finca: w.C1.id })).toEqual(all);
    expect(await arrivals(w.t.portero, { id_finca: w.C1.id })).toEqual(all);
    expect((await arrivals(w.t.portero, { id_finca: w.C1.id, sortDesc: "ASC" })).data.map((a) => a.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect((await arrivals(w.t.portero, { id_finca: w.C1.id, filter: "zeta" })).data.map((a) => a.id)).toEqual([
      second.id,
    ]);
    expect((await arrivals(w.t.portero, { id_finca: w.C1.id, limit: 1, page: 2 })).data.map((a) => a.id)).toEqual([
      first.id,
    ]);
    // A provider: its own arrivals in a community it serves, without the porters' e-mails.
    const own = await arrivals(w.t.gremio, { id_finca: w.C1.id, id_provider: w.P1.id });
    expect(own.data).toEqual([{ ...first, porter_email: "" }]);
    expect(first.porter_email).toBe("portero@coordina.test");
    expect((await arrivals(w.t.gremio, { id_finca: w.C2.id, id_provider: w.P1.id })).data.map((a) => a.id)).toEqual([
      third.id,
    ]);
  });

  it("refuses to record for anyone but the community's porter, or a provider not serving it, storing nothing", async () => {
    const before = await countArrivals();
    const body = { id_finca: w.C1.id, id_provider: w.P1.id };
    for (const [who, token, payload, status, error] of [
      ["the administrator", w.t.administrador, body, 403, ErrorKey.forbidden],
      ["the colegio", w.t.colegio, body, 403, ErrorKey.forbidden],
      ["the provider itself", w.t.gremio, body, 403, ErrorKey.forbidden],
      ["a porter of another community", w.t.conserje, body, 403, ErrorKey.forbidden],
      ["nobody signed in", undefined, body, 401, ErrorKey.unauthorized],
      [
        "a provider of another community",
        w.t.portero,
        { ...body, id_provider: w.P2.id },
        404,
        ErrorKey.providerNotInFinca,
      ],
      [
        "a company that does not exist",
        w.t.portero,
        { ...body, id_provider: 99_999_999 },
        404,
        ErrorKey.providerNotInFinca,
      ],
      ["a community that does not exist", w.t.portero, { ...body, id_finca: 99_999_999 }, 404, ErrorKey.notFound],
    ] as const) {
      const res = await post(token, ADD, payload);
      expect(res.statusCode, who).toBe(status);
      expect(res.json(), who).toEqual({ result: false, error });
    }
    // A removed provider no longer arrives; a removed porter no longer records.
    await db().execute(
      sql`update community_providers set erased = true where community_id = ${w.C1.id} and provider_company_id = ${w.P3.id}`,
    );
    expectError(await post(w.t.portero, ADD, { ...body, id_provider: w.P3.id }), 404, ErrorKey.providerNotInFinca);
    await db().execute(
      sql`update community_porters set erased = true where community_id = ${w.C1.id} and porter_user_id = ${ctx.seed.porter.id}`,
    );
    expectError(await post(w.t.portero, ADD, body), 403, ErrorKey.forbidden);
    expect(await countArrivals()).toBe(before);
  });

  it("refuses the record to whoever may not see it, with no data", async () => {
    await recorded(w.t.portero, w.P1.id);
    for (const [who, token, body] of [
      ["a provider, without naming itself", w.t.gremio, { id_finca: w.C1.id }],
      ["a provider, naming another", w.t.gremio, { id_finca: w.C1.id, id_provider: w.P3.id }],
      ["a provider not serving it", w.t.p2, { id_finca: w.C1.id, id_provider: w.P2.id }],
      ["a porter of another community", w.t.conserje, { id_finca: w.C1.id }],
      ["another administrator", w.t.admin2, { id_finca: w.C1.id }],
      ["another colegio", w.t.colegioB, { id_finca: w.C1.id }],
    ] as const) {
      const res = await post(token, INDEX, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
    }
    expectError(await post(undefined, INDEX, { id_finca: w.C1.id }), 401, ErrorKey.unauthorized);
    expectError(
      await post(w.t.administrador, INDEX, { id_finca: w.C1.id, sortBy: "name" }),
      400,
      ErrorKey.invalidInput,
    );
  });
});
