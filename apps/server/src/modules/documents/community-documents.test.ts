import { createHash } from "node:crypto";
import fs from "node:fs";
import { ErrorKey, MAX_UPLOAD_COMMUNITIES, Requirement } from "@coordina/domain";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blobPath,
  buildDocumentsWorld,
  type DocumentsWorld,
  define,
  stagingFiles,
  uploaded,
} from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import { call, createTestApp, expectError, makePdf, type TestContext, upload } from "../../../test/helpers.js";
import { communities, companyDocuments, files } from "../../db/schema/index.js";
import { ensureCommunity } from "../../db/seed/builders.js";

/**
 * The administrator's communities side by side (issue 23, /gcomunidades): `communities-defined` (a page of its
 * communities with what each holds for every per-community definition it uploads) and
 * `upload-defined-file-many` (one PDF, one document in each community chosen, all or nothing), on the shared
 * documents world (test/documents-world.ts) plus C3, a third community of the demo administrator.
 *
 * Colegio A's definitions: RISKS (administrator → providers, per community, to be read), ONE (per community,
 * a single file), EXP (per community, expiry required), GENERAL (administrator, general), PROV (a provider's,
 * per community).
 */
let ctx: TestContext;
let w: DocumentsWorld;
let C3: { id: number };
const db = () => ctx.database.db;
const def = {} as Record<"RISKS" | "ONE" | "EXP" | "GENERAL" | "PROV", number>;

const GRID = "/companies/documents/communities-defined";
const MANY = "/companies/documents/upload-defined-file-many";

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  C3 = await ensureCommunity(db(), {
    colegioId: w.A.id,
    adminCompanyId: w.admin.id,
    name: "Comunidad Avenida América 3",
    cif: "H28000003",
  });
  const { administrator, provider } = Requirement;
  for (const [key, input] of [
    [
      "RISKS",
      {
        name: "Evaluación de riesgos de la finca",
        requirement_origin: administrator,
        requirement_dest: provider,
        dest_read_required: true,
        assocfinca: true,
        mandatory: true,
      },
    ],
    ["ONE", { name: "Plan de emergencia", requirement_origin: administrator, assocfinca: true, oneonly: true }],
    ["EXP", { name: "Revisión de extintores", requirement_origin: administrator, assocfinca: true, obsoletable: true }],
    ["GENERAL", { name: "Contrato del administrador", requirement_origin: administrator }],
    ["PROV", { name: "Plan de trabajo", requirement_origin: provider, assocfinca: true }],
  ] as const) {
    def[key] = (await define(ctx, w.t.colegio, input)).id;
  }
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

const grid = (token: string | undefined, body: object = {}, colegio: number | null = w.A.id) =>
  call(ctx.app, "POST", colegio === null ? GRID : `${GRID}?colg_id=${colegio}`, { token, body });
const many = (
  token: string,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer },
  colegio: number | null = w.A.id,
) => upload(ctx.app, colegio === null ? MANY : `${MANY}?colg_id=${colegio}`, token, fields, file);
const counts = async () => ({
  files: (await db().select({ n: count() }).from(files))[0]!.n,
  documents: (await db().select({ n: count() }).from(companyDocuments))[0]!.n,
});
/** Nothing was recorded and nothing was left in staging. */
async function expectNothingWritten(before: { files: number; documents: number }) {
  expect(await counts()).toEqual(before);
  expect(stagingFiles(ctx)).toEqual([]);
}
const pdf = async (text = "Evaluación de riesgos") => ({ name: "riesgos.pdf", data: await makePdf(text) });

interface Cell {
  id_definition: number;
  state: string;
  documents_count: number;
  document: { id: number; id_finca: number; fileupload: { name: string; obsolete: string | null } } | null;
}
interface GridRow {
  id: number;
  name: string;
  cif: string;
  cells: Cell[];
}
async function gridOf(token: string, body: object = {}) {
  const res = await grid(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { definitions: { id: number; name: string }[]; data: GridRow[]; count: number };
}
const cellOf = (rows: GridRow[], communityId: number, definitionId: number) =>
  rows.find((r) => r.id === communityId)?.cells.find((c) => c.id_definition === definitionId);

describe("the administrator's communities with their documents (communities-defined)", () => {
  it("lists its live communities by name, with a column per per-community definition it uploads, all missing", async () => {
    const answer = await gridOf(w.t.administrador);
    // Per-community definitions from administrators only: neither the general one nor the providers'.
    expect(answer.definitions.map((d) => d.id).sort()).toEqual([def.RISKS, def.ONE, def.EXP].sort());
    expect(answer.definitions.map((d) => d.name)).toEqual([
      "Evaluación de riesgos de la finca",
      "Plan de emergencia",
      "Revisión de extintores",
    ]);
    // Its own communities only (admin2's R1 and colegio B's B1 are not), by name.
    const names = answer.data.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(answer.count).toBe(3);
    expect(answer.data.map((r) => r.id).sort()).toEqual([w.C1.id, w.C2.id, C3.id].sort());
    for (const row of answer.data) {
      expect(row.cells.map((c) => [c.id_definition, c.state, c.document])).toEqual(
        answer.definitions.map((d) => [d.id, "missing", null]),
      );
    }
  });

  it("says what each community holds: current, expired, incomplete, with the document it speaks of", async () => {
    const current = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.RISKS, id_finca: w.C1.id });
    await uploaded(ctx, w.t.administrador, w.A.id, {
      id_definition: def.EXP,
      id_finca: w.C1.id,
      obsolete: "2020-01-31",
    });
    const incomplete = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.EXP, id_finca: w.C2.id });
    const rows = (await gridOf(w.t.administrador)).data;
    expect(cellOf(rows, w.C1.id, def.RISKS)).toMatchObject({ state: "current", documents_count: 1 });
    expect(cellOf(rows, w.C1.id, def.RISKS)?.document?.id).toBe(current.id);
    expect(cellOf(rows, w.C1.id, def.EXP)).toMatchObject({ state: "expired" });
    expect(cellOf(rows, w.C1.id, def.EXP)?.document?.fileupload.obsolete).toBe("2020-01-31");
    expect(cellOf(rows, w.C2.id, def.EXP)).toMatchObject({ state: "incomplete" });
    expect(cellOf(rows, w.C2.id, def.EXP)?.document?.id).toBe(incomplete.id);
    expect(cellOf(rows, w.C2.id, def.RISKS)).toMatchObject({ state: "missing", document: null });
  });

  it("searches by name or tax id and pages", async () => {
    expect((await gridOf(w.t.administrador, { filter: "toledo" })).data.map((r) => r.id)).toEqual([w.C2.id]);
    expect((await gridOf(w.t.administrador, { filter: "H28000003" })).data.map((r) => r.id)).toEqual([C3.id]);
    const first = await gridOf(w.t.administrador, { limit: 2, page: 1 });
    const second = await gridOf(w.t.administrador, { limit: 2, page: 2 });
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect(second.count).toBe(3);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(3);
  });

  it("shows another administrator only its own communities and nothing of this one's documents", async () => {
    await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.RISKS, id_finca: w.C1.id });
    const other = await gridOf(w.t.admin2);
    expect(other.data.map((r) => r.id)).toEqual([w.R1.id]);
    expect(other.data[0]!.cells.every((c) => c.state === "missing")).toBe(true);
  });

  it("refuses without a session (401), to other roles (403) and without a colegio chosen (400)", async () => {
    expectError(await grid(undefined), 401, ErrorKey.unauthorized);
    for (const token of [w.t.gremio, w.t.colegio, w.t.portero]) expectError(await grid(token), 403, ErrorKey.forbidden);
    expectError(await grid(w.t.administrador, {}, w.B.id), 403, ErrorKey.colegioForbidden);
    expectError(await grid(w.t.administrador, {}, null), 400, ErrorKey.colegioRequired);
  });
});

describe("one upload for many communities (upload-defined-file-many)", () => {
  it("writes one document per community, each with its own file row over one stored blob", async () => {
    const file = await pdf();
    const res = await many(
      w.t.administrador,
      { id_definition: def.RISKS, id_fincas: `${w.C1.id},${w.C2.id},${C3.id}` },
      file,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      id: number;
      id_finca: number;
      fileupload_id: number;
      fileupload: { name: string };
    }[];
    expect(data.map((d) => d.id_finca)).toEqual([w.C1.id, w.C2.id, C3.id]);
    expect(new Set(data.map((d) => d.fileupload_id)).size).toBe(3);
    expect(data.every((d) => d.fileupload.name === "riesgos.pdf")).toBe(true);
    const rows = await db()
      .select({ sha256: files.sha256 })
      .from(files)
      .where(
        inArray(
          files.id,
          data.map((d) => d.fileupload_id),
        ),
      );
    const sha = createHash("sha256").update(file.data).digest("hex");
    expect(rows.map((r) => r.sha256)).toEqual([sha, sha, sha]);
    expect(fs.readFileSync(blobPath(ctx, sha)).equals(file.data)).toBe(true);
    expect(stagingFiles(ctx)).toEqual([]);

    const answer = await gridOf(w.t.administrador);
    for (const community of [w.C1.id, w.C2.id, C3.id]) {
      expect(cellOf(answer.data, community, def.RISKS)).toMatchObject({ state: "current", documents_count: 1 });
    }
  });

  it("gives the providers of each community the document to read there", async () => {
    const before = await pendingOf(w.t.gremio, w.C1.id);
    expect(before).toBe(false);
    const res = await many(
      w.t.administrador,
      { id_definition: def.RISKS, id_fincas: `${w.C1.id},${w.C2.id}` },
      await pdf(),
    );
    expect(res.statusCode, res.body).toBe(200);
    // P1 serves C1 and C2; P3 serves C1 only.
    expect(await pendingOf(w.t.gremio, w.C1.id)).toBe(true);
    expect(await pendingOf(w.t.gremio, w.C2.id)).toBe(true);
    expect(await pendingOf(w.t.p3, w.C1.id)).toBe(true);
    const read = await call(ctx.app, "POST", "/companies/providers/documents_of_finca_by_administrator", {
      token: w.t.gremio,
      body: { id_finca: w.C2.id },
    });
    expect(read.statusCode, read.body).toBe(200);
    const docIds = (read.json().data as { doc_id: number }[]).map((r) => r.doc_id);
    const written = (res.json().data as { id: number; id_finca: number }[]).find((d) => d.id_finca === w.C2.id)!;
    expect(docIds).toContain(written.id);
  });

  it("with all_fincas writes in every live community of the administrator in the colegio, and no other", async () => {
    const erased = await ensureCommunity(db(), {
      colegioId: w.A.id,
      adminCompanyId: w.admin.id,
      name: "Comunidad Borrada 9",
      cif: "H28000009",
    });
    await db().update(communities).set({ erased: true }).where(eq(communities.id, erased.id));
    const res = await many(w.t.administrador, { id_definition: def.RISKS, all_fincas: "true" }, await pdf());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { id_finca: number }[]).map((d) => d.id_finca).sort()).toEqual(
      [w.C1.id, w.C2.id, C3.id].sort(),
    );
  });

  it("with all_fincas and except_fincas writes in all of them but those unticked; none left is refused", async () => {
    const res = await many(
      w.t.administrador,
      { id_definition: def.RISKS, all_fincas: "true", except_fincas: `${w.C2.id}` },
      await pdf(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { id_finca: number }[]).map((d) => d.id_finca).sort()).toEqual([w.C1.id, C3.id].sort());
    // Every one of them unticked leaves nothing to write.
    const before = await counts();
    const none = await many(
      w.t.administrador,
      { id_definition: def.RISKS, all_fincas: "true", except_fincas: `${w.C1.id},${w.C2.id},${C3.id}` },
      await pdf(),
    );
    expectError(none, 400, ErrorKey.invalidInput);
    await expectNothingWritten(before);
  });

  it("replaces the live document in each community for a single-file definition", async () => {
    const old = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: def.ONE, id_finca: w.C1.id });
    const res = await many(
      w.t.administrador,
      { id_definition: def.ONE, id_fincas: `${w.C1.id},${w.C2.id}` },
      await pdf(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [oldRow] = await db().select().from(companyDocuments).where(eq(companyDocuments.id, old.id));
    expect(oldRow!.erased).toBe(true);
    const answer = await gridOf(w.t.administrador);
    expect(cellOf(answer.data, w.C1.id, def.ONE)).toMatchObject({ state: "current", documents_count: 1 });
    expect(cellOf(answer.data, w.C2.id, def.ONE)).toMatchObject({ state: "current", documents_count: 1 });
  });

  it("asks for the expiry date before the upload when the definition demands one, and sets it on every file", async () => {
    const before = await counts();
    expectError(
      await many(w.t.administrador, { id_definition: def.EXP, id_fincas: `${w.C1.id},${w.C2.id}` }, await pdf()),
      400,
      ErrorKey.expiryRequired,
    );
    await expectNothingWritten(before);
    const res = await many(
      w.t.administrador,
      { id_definition: def.EXP, id_fincas: `${w.C1.id},${w.C2.id}`, obsolete: "2099-12-31" },
      await pdf(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { needs_expiry: boolean; fileupload: { obsolete: string } }[];
    expect(data.map((d) => [d.fileupload.obsolete, d.needs_expiry])).toEqual([
      ["2099-12-31", false],
      ["2099-12-31", false],
    ]);
  });

  it("writes nothing when one community in the middle is another administrator's (403)", async () => {
    const before = await counts();
    expectError(
      await many(
        w.t.administrador,
        { id_definition: def.RISKS, id_fincas: `${w.C1.id},${w.R1.id},${w.C2.id}` },
        await pdf(),
      ),
      403,
      ErrorKey.forbidden,
    );
    await expectNothingWritten(before);
  });

  it("takes the longest list of communities whole, and refuses a longer field instead of cutting it", async () => {
    // The caller's first community written as ten digits, as many times as allowed, then the other two: 5,498
    // characters. Cut short (as a 1,000-byte field limit did, silently), the list named only the first community.
    const padded = String(w.C1.id).padStart(10, "0");
    const longest = [...Array.from({ length: MAX_UPLOAD_COMMUNITIES - 2 }, () => padded), w.C2.id, C3.id].join(",");
    expect(longest.length).toBeGreaterThan(5000);
    const res = await many(w.t.administrador, { id_definition: def.RISKS, id_fincas: longest }, await pdf());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { id_finca: number }[]).map((d) => d.id_finca)).toEqual([w.C1.id, w.C2.id, C3.id]);

    const before = await counts();
    const tooLong = Array.from({ length: MAX_UPLOAD_COMMUNITIES + 10 }, () => padded).join(",");
    expectError(
      await many(w.t.administrador, { id_definition: def.RISKS, id_fincas: tooLong }, await pdf()),
      400,
      ErrorKey.invalidInput,
    );
    await expectNothingWritten(before);
  });

  it("writes nothing for a community of another colegio (403), an unknown or a deleted one (404)", async () => {
    const erased = await ensureCommunity(db(), {
      colegioId: w.A.id,
      adminCompanyId: w.admin.id,
      name: "Comunidad Borrada 8",
      cif: "H28000008",
    });
    await db().update(communities).set({ erased: true }).where(eq(communities.id, erased.id));
    const before = await counts();
    const send = async (ids: number[]) =>
      many(w.t.administrador, { id_definition: def.RISKS, id_fincas: ids.join(",") }, await pdf());
    expectError(await send([w.C1.id, w.B1.id]), 403, ErrorKey.forbidden);
    expectError(await send([w.C1.id, 999_999]), 404, ErrorKey.notFound);
    expectError(await send([w.C1.id, erased.id]), 404, ErrorKey.notFound);
    await expectNothingWritten(before);
  });

  it("refuses a general definition, a provider's definition, other roles and no session, writing nothing", async () => {
    const before = await counts();
    const ids = `${w.C1.id},${w.C2.id}`;
    expectError(
      await many(w.t.administrador, { id_definition: def.GENERAL, id_fincas: ids }, await pdf()),
      400,
      ErrorKey.invalidInput,
    );
    expectError(
      await many(w.t.administrador, { id_definition: def.PROV, id_fincas: ids }, await pdf()),
      403,
      ErrorKey.forbidden,
    );
    expectError(await many(w.t.administrador, { id_definition: def.RISKS }, await pdf()), 400, ErrorKey.invalidInput);
    expectError(
      await many(w.t.administrador, { id_definition: def.RISKS, id_fincas: ids, all_fincas: "true" }, await pdf()),
      400,
      ErrorKey.invalidInput,
    );
    // Exceptions only beside all_fincas.
    expectError(
      await many(w.t.administrador, { id_definition: def.RISKS, id_fincas: ids, except_fincas: ids }, await pdf()),
      400,
      ErrorKey.invalidInput,
    );
    expectError(
      await many(w.t.gremio, { id_definition: def.PROV, id_fincas: ids }, await pdf()),
      403,
      ErrorKey.forbidden,
    );
    expectError(
      await many(w.t.colegio, { id_definition: def.RISKS, id_fincas: ids }, await pdf()),
      403,
      ErrorKey.forbidden,
    );
    expectError(
      await many(w.t.admin2, { id_definition: def.RISKS, id_fincas: ids }, await pdf()),
      403,
      ErrorKey.forbidden,
    );
    const anonymous = await ctx.app.inject({ method: "POST", url: `${MANY}?colg_id=${w.A.id}`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    await expectNothingWritten(before);
  });
});

async function pendingOf(token: string, communityId: number) {
  const res = await call(ctx.app, "POST", "/companies/providers/is_pending_read", {
    token,
    body: { id_finca: communityId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pending as boolean;
}
