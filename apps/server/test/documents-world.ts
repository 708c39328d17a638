import fs from "node:fs";
import path from "node:path";
import { type DefinitionInput, Requirement, Role } from "@coordina/domain";
import { expect } from "vitest";
import { ensureCommunity, ensurePorterLink, ensureProviderLink } from "../src/db/seed/builders.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  ensureMemberCompany,
  makePdf,
  type TestContext,
  tokenFor,
  upload,
} from "./helpers.js";

/**
 * The world the documents and files tests share, on top of the demo seed:
 *
 * - colegio A (the demo colegio) and colegio B ('colegioB');
 * - in A: the demo administrator ('administrador') with C1 (the demo community) and C2; 'admin2' with R1;
 *   providers: the demo provider P1 ('gremio', serves C1 and C2), P2 ('p2', serves only admin2's R1),
 *   P3 ('p3', serves C1), P0 ('p0', a member of A serving nothing);
 * - porters: the demo porter ('portero', C1) and 'conserje' (C2 only);
 * - in B: 'adminB' with B1, served by PB ('pB', a member of B only).
 */
export async function buildDocumentsWorld(ctx: TestContext) {
  const db = ctx.database.db;
  const { colegio: A, admin, provider: P1, community: C1 } = ctx.seed;
  const company = (colegios: number[], input: Parameters<typeof ensureMemberCompany>[2], email?: string) =>
    ensureMemberCompany(db, colegios, input, email);

  // Hashing the passwords is the slow part: the companies are made side by side.
  const [B, admin2, conserje] = await Promise.all([
    company(
      [],
      { type: Role.colegio, name: "Colegio de Administradores de Fincas de Barcelona", cif: "Q0863003J" },
      "colegio-b@coordina.test",
    ),
    company(
      [A.id],
      { type: Role.administrador, name: "Gestiones Retiro S.L.", cif: "B28000010" },
      "retiro@gestiones.test",
    ),
    company([], { type: Role.portero, name: "Ana Conserje", cif: "87654321X" }, "conserje@coordina.test"),
  ]);
  const [adminB, P2, P3, P0, PB] = await Promise.all([
    company(
      [B.id],
      { type: Role.administrador, name: "Administraciones Diagonal S.L.", cif: "B08000001" },
      "diagonal@fincas.test",
    ),
    company([A.id], { type: Role.gremio, name: "Pinturas Sol S.L.", cif: "B10000001" }, "pinturas@sol.test"),
    company([A.id], { type: Role.gremio, name: "Zeta Limpiezas S.L.", cif: "B30000003" }, "zeta@limpiezas.test"),
    company([A.id], { type: Role.gremio, name: "Jardines Olivo S.L.", cif: "B60000006" }, "jardines@olivo.test"),
    company([B.id], { type: Role.gremio, name: "Electro Norte S.L.", cif: "B20000002" }, "electro@norte.test"),
  ]);

  const C2 = await ensureCommunity(db, {
    colegioId: A.id,
    adminCompanyId: admin.id,
    name: "Comunidad Calle Toledo 5",
    cif: "H28000002",
  });
  const R1 = await ensureCommunity(db, {
    colegioId: A.id,
    adminCompanyId: admin2.id,
    name: "Residencial Retiro 01",
    cif: "H28100001",
  });
  const B1 = await ensureCommunity(db, {
    colegioId: B.id,
    adminCompanyId: adminB.id,
    name: "Comunitat Carrer Balmes 1",
    cif: "H08000001",
  });
  await ensureProviderLink(db, C2.id, P1.id);
  await ensureProviderLink(db, C1.id, P3.id);
  await ensureProviderLink(db, R1.id, P2.id);
  await ensureProviderLink(db, B1.id, PB.id);
  await ensurePorterLink(db, C2.id, conserje.managerId!);

  type Who = keyof typeof DEMO_ACCOUNTS | "colegioB" | "admin2" | "adminB" | "p0" | "p2" | "p3" | "pB" | "conserje";
  const accounts: [Who, string][] = [
    ...(Object.entries(DEMO_ACCOUNTS) as [Who, string][]),
    ["colegioB", "colegio-b@coordina.test"],
    ["admin2", "retiro@gestiones.test"],
    ["adminB", "diagonal@fincas.test"],
    ["p0", "jardines@olivo.test"],
    ["p2", "pinturas@sol.test"],
    ["p3", "zeta@limpiezas.test"],
    ["pB", "electro@norte.test"],
    ["conserje", "conserje@coordina.test"],
  ];
  const tokens = await Promise.all(accounts.map(([, email]) => tokenFor(ctx.app, email)));
  const t = Object.fromEntries(accounts.map(([who], i) => [who, tokens[i]!])) as Record<Who, string>;

  return {
    A,
    B,
    admin,
    admin2,
    adminB,
    P0,
    P1,
    P2,
    P3,
    PB,
    porterCompany: ctx.seed.porterCompany,
    conserje,
    C1,
    C2,
    R1,
    B1,
    t,
  };
}
export type DocumentsWorld = Awaited<ReturnType<typeof buildDocumentsWorld>>;

/** A definition created by a colegio through the API (`token` is the colegio's). */
export async function define(ctx: TestContext, token: string, input: DefinitionInput) {
  const res = await call(ctx.app, "POST", "/document-require-definitions/add", { token, body: input });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string } & Record<string, unknown>;
}

/**
 * The demo world with one provider-origin definition of the colegio, for the upload tests: the app, the
 * demo provider's, colegio's and administrator's tokens, the colegio's id and the definition's.
 */
export async function createUploadWorld(definitionName: string) {
  const ctx = await createTestApp();
  const [gremio, colegio, administrador] = await Promise.all(
    [DEMO_ACCOUNTS.gremio, DEMO_ACCOUNTS.colegio, DEMO_ACCOUNTS.administrador].map((email) => tokenFor(ctx.app, email)),
  );
  const definition = (await define(ctx, colegio!, { name: definitionName, requirement_origin: Requirement.provider }))
    .id;
  return {
    ctx,
    tokens: { gremio: gremio!, colegio: colegio!, administrador: administrador! },
    colegioId: ctx.seed.colegio.id,
    definition: Number(definition),
  };
}

export const UPLOAD_URL = "/companies/documents/upload-defined-file";

/** Uploads a document for a definition, working in `colegioId` (sent as colg_id in the query). */
export function uploadDocument(
  ctx: TestContext,
  token: string,
  colegioId: number | null,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const url = colegioId === null ? UPLOAD_URL : `${UPLOAD_URL}?colg_id=${colegioId}`;
  return upload(ctx.app, url, token, fields, file);
}

/** Uploads a fresh PDF and returns the document row; fails the test on anything but 200. */
export async function uploaded(
  ctx: TestContext,
  token: string,
  colegioId: number | null,
  fields: Record<string, string | number>,
  name = "documento.pdf",
) {
  const data = await makePdf(`${name} ${Math.random()}`);
  const res = await uploadDocument(ctx, token, colegioId, fields, { name, data });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json().data as DocumentRowLike), bytes: data };
}

export interface DocumentRowLike {
  id: number;
  id_document_require_definition: number;
  company_id: number;
  company_name: string;
  id_finca: number | null;
  fileupload_id: number;
  fileupload: { id: number; name: string; size: number; ftype: string; obsolete: string | null; created: string };
  user_origin: number;
  validated: boolean;
  expired: boolean;
  can_edit: boolean;
}

/** Where the store keeps the blob of that SHA-256. */
export function blobPath(ctx: TestContext, sha256: string) {
  return path.join(ctx.app.config.dataDir, "files", "blobs", sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** The files in the store's staging area (what an upload leaves behind until it is filed). */
export function stagingFiles(ctx: TestContext) {
  return fs.readdirSync(path.join(ctx.app.config.dataDir, "files", "staging"));
}
