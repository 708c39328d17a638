import { ErrorKey, Requirement } from "@coordina/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { call, createTestApp, expectError, type TestContext } from "../../../test/helpers.js";
import { pagePendingValidation } from "./documents.repository.js";

/**
 * The order of the colegio's documents waiting for validation (companies/documents/pending-validation):
 * by upload time through sortSql, oldest first unless asked otherwise; a sort key outside the list's table
 * is the caller's mistake (400 and no data), at the route and past it.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const uploadedIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const definition = await define(ctx, w.t.colegio, {
    name: "Alta en la Seguridad Social",
    requirement_origin: Requirement.provider,
    validate_colegio_required: true,
  });
  for (const token of [w.t.gremio, w.t.p3, w.t.gremio]) {
    uploadedIds.push((await uploaded(ctx, token, w.A.id, { id_definition: definition.id })).id);
  }
});
afterAll(async () => ctx?.close());

const pending = (body: object) =>
  call(ctx.app, "POST", "/companies/documents/pending-validation", { token: w.t.colegio, body });
const ids = async (body: object) => {
  const res = await pending(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { document: { id: number } }) => r.document.id) as number[];
};

describe("documents waiting for validation, in order", () => {
  it("come oldest first by default and by `created`, newest first with DESC", async () => {
    expect(uploadedIds).toHaveLength(3);
    expect(await ids({})).toEqual(uploadedIds);
    expect(await ids({ sortBy: "created", sortDesc: "ASC" })).toEqual(uploadedIds);
    expect(await ids({ sortBy: "created", sortDesc: "DESC" })).toEqual([...uploadedIds].reverse());
  });

  it.each(["name", "d.id", "created; drop table files", "definition_name"])(
    "refuses sortBy=%s with 400 and no data",
    async (key) => {
      expectError(await pending({ sortBy: key }), 400, ErrorKey.invalidInput);
    },
  );

  it("refuses a key outside its table with 400 even past the route's schema", async () => {
    const q = { page: 1, limit: 10, filter: "", sortBy: "name" as "created" };
    await expect(pagePendingValidation(ctx.database.db, w.A.id, q)).rejects.toMatchObject({
      status: 400,
      key: ErrorKey.invalidInput,
    });
  });
});
