import { readFileSync } from "node:fs";
import path from "node:path";
import type { ImportKind, ImportRow, ImportRun } from "@coordina/domain";
import { expect } from "vitest";
import { call, multipartBody, type TestContext } from "./helpers.js";

/** The spreadsheet fixtures (test/fixtures/sheets/README.md says what each row is for). */
const fixtures = path.resolve(import.meta.dirname, "fixtures/sheets");
export const sheetFixture = (name: string) => ({ name, data: readFileSync(path.join(fixtures, name)) });

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** POST /imports/{kind} with the file as a browser sends it (multipart field `file`). */
export async function postImport(
  app: TestContext["app"],
  token: string,
  kind: ImportKind | string,
  file: { name: string; data: Buffer },
  query = "",
) {
  const body = multipartBody({}, { ...file, type: XLSX_TYPE });
  return app.inject({
    method: "POST",
    url: `/imports/${kind}${query}`,
    headers: { authentication: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** Starts an import that must be accepted, and answers its run as the start answered it. */
export async function startedRun(
  app: TestContext["app"],
  token: string,
  kind: ImportKind,
  file: { name: string; data: Buffer },
  query = "",
): Promise<ImportRun> {
  const res = await postImport(app, token, kind, file, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRun;
}

/** The run once the work its start left in the background is over (no polling, no sleeping). */
export async function settledRun(app: TestContext["app"], token: string, id: number): Promise<ImportRun> {
  await app.background.idle();
  const res = await call(app, "GET", `/imports/runs/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRun;
}

/** Imports a file and waits for the end of it: the finished run. */
export async function importAndSettle(
  app: TestContext["app"],
  token: string,
  kind: ImportKind,
  file: { name: string; data: Buffer },
  query = "",
): Promise<ImportRun> {
  const run = await startedRun(app, token, kind, file, query);
  return settledRun(app, token, run.id);
}

/** Every row of a run (up to 100), or only its problems, in sheet order. */
export async function runRows(
  app: TestContext["app"],
  token: string,
  id: number,
  only: "all" | "problems" = "all",
): Promise<ImportRow[]> {
  const res = await call(app, "GET", `/imports/runs/${id}/rows?limit=100&only=${only}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRow[];
}

/** Each row's number, outcome and message key (and params), for comparing a run at a glance. */
export const outcomes = (rows: readonly ImportRow[]) =>
  rows.map((r) => ({ row: r.row, outcome: r.outcome, key: r.message?.key ?? null, params: r.message?.params ?? {} }));
