import { type CommunityMissing, ErrorKey, type ProviderMissingInColegio, Requirement, Role } from "@coordina/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { communityProviders } from "../../db/schema/index.js";

/**
 * What the aggregated lights name (docs/compliance.md §Words): companies/providers/missing (a provider's
 * row in the colegio's providers list, rule 5) and companies/fincas/missing (a community's row in the
 * communities list, rule 4). On the shared documents world (test/documents-world.ts): P1 serves C1 and
 * C2, P3 serves C1. P1 has uploaded its general evaluation (waiting for validation), an insurance that
 * expired on 2020-01-31 and its plan for C2 (waiting too), and read the administrator's risks in C2; it
 * lacks the plan for C1 and has not read the risks of C1. P3 has uploaded nothing and read nothing.
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
const doc = {} as Record<"eval" | "planC2" | "riesgosC1" | "riesgosC2", number>;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const { provider, administrator } = Requirement;
  const colegio = w.t.colegio;
  def.EVAL = (
    await define(ctx, colegio, {
      name: NAMES.EVAL,
      requirement_origin: provider,
      mandatory: true,
      validate_colegio_required: true,
    })
  ).id;
  def.RC = (
    await define(ctx, colegio, { name: NAMES.RC, requirement_origin: provider, mandatory: true, obsoletable: true })
  ).id;
  def.PLAN = (
    await define(ctx, colegio, {
      name: NAMES.PLAN,
      requirement_origin: provider,
      mandatory: true,
      assocfinca: true,
      validate_colegio_required: true,
    })
  ).id;
  def.RIESGOS = (
    await define(ctx, colegio, {
      name: NAMES.RIESGOS,
      requirement_origin: administrator,
      requirement_dest: provider,
      mandatory: true,
      assocfinca: true,
      dest_read_required: true,
    })
  ).id;
  const A = w.A.id;
  doc.eval = (await uploaded(ctx, w.t.gremio, A, { id_definition: def.EVAL }, "evaluación.pdf")).id;
  await uploaded(ctx, w.t.gremio, A, { id_definition: def.RC, obsolete: "2020-01-31" }, "rc-2019.pdf");
  doc.planC2 = (await uploaded(ctx, w.t.gremio, A, { id_definition: def.PLAN, id_finca: w.C2.id }, "plan-c2.pdf")).id;
  doc.riesgosC1 = (
    await uploaded(ctx, w.t.administrador, A, { id_definition: def.RIESGOS, id_finca: w.C1.id }, "riesgos-c1.pdf")
  ).id;
  doc.riesgosC2 = (
    await uploaded(ctx, w.t.administrador, A, { id_definition: def.RIESGOS, id_finca: w.C2.id }, "riesgos-c2.pdf")
  ).id;
  const read = await call(ctx.app, "POST", "/companies/providers/mark_read", {
    token: w.t.gremio,
    body: { readed: true, id_document: doc.riesgosC2, id_finca: w.C2.id, id_company: w.P1.id },
  });
  expect(read.statusCode, read.body).toBe(200);
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const providerMissing = (token: string | undefined, id_gremio: number) =>
  call(ctx.app, "POST", "/companies/providers/missing", { token, body: { id_gremio } });
const communityMissing = (token: string | undefined, id_finca: number) =>
  call(ctx.app, "POST", "/companies/fincas/missing", { token, body: { id_finca } });

describe("what a provider lacks over the colegio's communities (companies/providers/missing)", () => {
  const expected = (): ProviderMissingInColegio => ({
    // The insurance once (general), though P1 owes it in C1 and C2; the plan only where it is missing.
    uploads: [
      {
        definition_id: def.PLAN,
        definition_name: NAMES.PLAN,
        reason: "missing",
        expired_on: null,
        finca_id: w.C1.id,
        finca_name: w.C1.name,
      },
      {
        definition_id: def.RC,
        definition_name: NAMES.RC,
        reason: "expired",
        expired_on: "2020-01-31",
        finca_id: null,
        finca_name: null,
      },
    ],
    reads: [
      {
        document_id: doc.riesgosC1,
        definition_name: NAMES.RIESGOS,
        document_name: "riesgos-c1.pdf",
        finca_id: w.C1.id,
        finca_name: w.C1.name,
      },
    ],
    pending: [
      {
        document_id: doc.eval,
        definition_name: NAMES.EVAL,
        document_name: "evaluación.pdf",
        finca_id: null,
        finca_name: null,
      },
      {
        document_id: doc.planC2,
        definition_name: NAMES.PLAN,
        document_name: "plan-c2.pdf",
        finca_id: w.C2.id,
        finca_name: w.C2.name,
      },
    ],
  });

  it("names exactly what the provider's row in the colegio's list is short of", async () => {
    const res = await providerMissing(w.t.colegio, w.P1.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, data: expected() });

    const list = await call(ctx.app, "POST", "/companies/companies/index", {
      token: w.t.colegio,
      body: { type: Role.gremio, limit: 100 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((r: { id: number }) => r.id === w.P1.id);
    // EVAL, RC, PLAN for C1 and for C2: 2 of 4; reads 1 of 2 (C1, C2); 2 waiting for validation.
    expect(row).toMatchObject({ upload_must: 4, all_uploaded: 2, read_must: 2, read_all: 1, pending_validation: 2 });
    const { uploads, reads, pending } = expected();
    expect(uploads).toHaveLength(row.upload_must - row.all_uploaded);
    expect(reads).toHaveLength(row.read_must - row.read_all);
    expect(pending).toHaveLength(row.pending_validation);
  });

  it("is empty for a provider of the colegio that serves no community and has nothing waiting", async () => {
    const res = await providerMissing(w.t.colegio, w.P0.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, data: { uploads: [], reads: [], pending: [] } });
  });

  it("answers only the colegio the provider belongs to: 403 and no data for the others, 401 without a session", async () => {
    expectError(await providerMissing(w.t.colegioB, w.P1.id), 403, ErrorKey.forbidden);
    expectError(await providerMissing(w.t.colegio, w.PB.id), 403, ErrorKey.forbidden);
    for (const who of ["master", "administrador", "admin2", "gremio", "p3", "portero", "conserje"] as const)
      expectError(await providerMissing(w.t[who], w.P1.id), 403, ErrorKey.forbidden);
    expect((await providerMissing(undefined, w.P1.id)).statusCode).toBe(401);
  });

  it("answers 404 for a company of its own colegio that is not a provider, or one that does not exist", async () => {
    expectError(await providerMissing(w.t.colegio, w.admin2.id), 404, ErrorKey.notFound);
    expectError(await providerMissing(w.t.colegio, 999_999), 404, ErrorKey.notFound);
  });

  it("refuses another colegio before telling whether the company is a provider (403, no data)", async () => {
    // admin2 is an administrator of colegio A: colegio B learns nothing of its type.
    for (const company of [w.admin2.id, w.admin.id, w.P1.id]) {
      const res = await providerMissing(w.t.colegioB, company);
      expectError(res, 403, ErrorKey.forbidden);
      expect(res.json()).not.toHaveProperty("data");
    }
  });
});

describe("what a community's providers lack there (companies/fincas/missing)", () => {
  const expected = (): CommunityMissing => {
    const p1 = { provider_id: w.P1.id, provider_name: w.P1.name };
    const p3 = { provider_id: w.P3.id, provider_name: w.P3.name };
    return {
      uploads: [
        { ...p1, definition_id: def.PLAN, definition_name: NAMES.PLAN, reason: "missing", expired_on: null },
        { ...p1, definition_id: def.RC, definition_name: NAMES.RC, reason: "expired", expired_on: "2020-01-31" },
        { ...p3, definition_id: def.EVAL, definition_name: NAMES.EVAL, reason: "missing", expired_on: null },
        { ...p3, definition_id: def.PLAN, definition_name: NAMES.PLAN, reason: "missing", expired_on: null },
        { ...p3, definition_id: def.RC, definition_name: NAMES.RC, reason: "missing", expired_on: null },
      ],
      reads: [
        { ...p1, document_id: doc.riesgosC1, definition_name: NAMES.RIESGOS, document_name: "riesgos-c1.pdf" },
        { ...p3, document_id: doc.riesgosC1, definition_name: NAMES.RIESGOS, document_name: "riesgos-c1.pdf" },
      ],
    };
  };

  it("names, by provider, exactly what the community's row is short of, for its administrator and its colegio", async () => {
    expect(w.P1.name < w.P3.name, "the providers in name order").toBe(true);
    for (const token of [w.t.administrador, w.t.colegio]) {
      const res = await communityMissing(token, w.C1.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: true, data: expected() });
    }
    const list = await call(ctx.app, "POST", "/companies/fincas/index", {
      token: w.t.administrador,
      body: { colg_id: w.A.id },
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.find((r: { id: number }) => r.id === w.C1.id);
    // P1 1 of 3 uploads and 0 of 1 reads, P3 0 of 3 and 0 of 1.
    expect(row).toMatchObject({
      mandatory_count: 6,
      mandatory_uploaded_count: 1,
      expected_count_read: 2,
      count_read: 0,
    });
    const { uploads, reads } = expected();
    expect(uploads).toHaveLength(row.mandatory_count - row.mandatory_uploaded_count);
    expect(reads).toHaveLength(row.expected_count_read - row.count_read);
  });

  it("names nothing where every provider has done everything it owes, or there is no provider", async () => {
    // C2: P1 has its plan there and read the risks; its insurance is the one thing left.
    const c2 = await communityMissing(w.t.administrador, w.C2.id);
    expect(c2.statusCode, c2.body).toBe(200);
    expect(c2.json().data.reads).toEqual([]);
    expect(c2.json().data.uploads.map((u: { definition_id: number }) => u.definition_id)).toEqual([def.RC]);
    // B1 in colegio B, which defines nothing.
    const b1 = await communityMissing(w.t.adminB, w.B1.id);
    expect(b1.statusCode, b1.body).toBe(200);
    expect(b1.json()).toEqual({ result: true, data: { uploads: [], reads: [] } });
  });

  it("refuses, with no data, whoever does not see the community's providers; 401 without a session", async () => {
    for (const who of ["admin2", "adminB", "colegioB", "master", "gremio", "p3", "portero"] as const)
      expectError(await communityMissing(w.t[who], w.C1.id), 403, ErrorKey.forbidden);
    expect((await communityMissing(undefined, w.C1.id)).statusCode).toBe(401);
  });

  it("answers 404 for a community that does not exist", async () => {
    expectError(await communityMissing(w.t.administrador, 999_999), 404, ErrorKey.notFound);
  });
});

// Last: these change the shared world (a provider link removed, a community deleted).
describe("after a provider link is removed and a community deleted", () => {
  it("forgets a removed provider link in both aggregated lists", async () => {
    const [link] = await ctx.database.db
      .select({ id: communityProviders.id })
      .from(communityProviders)
      .where(and(eq(communityProviders.communityId, w.C1.id), eq(communityProviders.providerCompanyId, w.P3.id)));
    expect(link, "P3 serves C1").toBeDefined();
    const before = await communityMissing(w.t.administrador, w.C1.id);
    expect(before.json().data.uploads.some((u: { provider_id: number }) => u.provider_id === w.P3.id)).toBe(true);

    const removed = await call(ctx.app, "POST", `/companies-providers/delete/${link?.id}`, {
      token: w.t.administrador,
      body: {},
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const community = await communityMissing(w.t.administrador, w.C1.id);
    expect(community.statusCode, community.body).toBe(200);
    const { uploads, reads } = community.json().data as CommunityMissing;
    expect(uploads.length).toBeGreaterThan(0);
    expect([...uploads, ...reads].map((d) => d.provider_id)).not.toContain(w.P3.id);
    // P3 served only C1 and uploaded nothing: over the colegio it lacks nothing now.
    const provider = await providerMissing(w.t.colegio, w.P3.id);
    expect(provider.statusCode, provider.body).toBe(200);
    expect(provider.json()).toEqual({ result: true, data: { uploads: [], reads: [], pending: [] } });
  });

  it("answers 404 for a deleted community, to its administrator and its colegio", async () => {
    const erased = await call(ctx.app, "POST", `/companies/fincas/delete/${w.C2.id}`, {
      token: w.t.administrador,
      body: { colg_id: w.A.id },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    for (const token of [w.t.administrador, w.t.colegio])
      expectError(await communityMissing(token, w.C2.id), 404, ErrorKey.notFound);
    // Nor does P1's list over the colegio name C2 any more.
    const provider = await providerMissing(w.t.colegio, w.P1.id);
    expect(provider.statusCode, provider.body).toBe(200);
    const { uploads, reads } = provider.json().data as ProviderMissingInColegio;
    expect(uploads.length).toBeGreaterThan(0);
    expect([...uploads, ...reads].map((d) => d.finca_id)).not.toContain(w.C2.id);
  });
});
