import { ErrorKey, Requirement } from "@coordina/domain";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocumentsWorld, type DocumentsWorld, define, uploaded } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  expectError,
  makePdf,
  type TestContext,
  tokenFor,
  upload,
} from "../../../test/helpers.js";
import { fileLinks } from "../../db/schema/index.js";
import { hashToken } from "../../lib/tokens.js";
import { FILE_KEY_COOKIE } from "./file-links.service.js";

/**
 * Viewing and downloading files through short-lived links (spec 02 §7 'PDF'): retrieve gives the links
 * and an HttpOnly cookie; `/s/{token}` and `/d/{token}` serve the bytes only to the browser holding the
 * cookie of the session that asked, while that session lives and the link has not expired. On the shared
 * documents world (test/documents-world.ts).
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;

/** Documents: P1's and P2's general ones for administrators; the administrator's for C1 by destination. */
let p1Doc: Awaited<ReturnType<typeof uploaded>>;
let p2Doc: Awaited<ReturnType<typeof uploaded>>;
const adminDocs = {} as Record<
  "forProviders" | "forAdmins" | "forProvidersAndPorters",
  Awaited<ReturnType<typeof uploaded>>
>;
let templateFileId: number;
let templateBytes: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  const general = (await define(ctx, w.t.colegio, { name: "Seguro", requirement_origin: Requirement.provider })).id;
  p1Doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: general }, "Póliza «2026».pdf");
  p2Doc = await uploaded(ctx, w.t.p2, w.A.id, { id_definition: general }, "poliza-p2.pdf");
  for (const [key, dest] of [
    ["forProviders", Requirement.provider],
    ["forAdmins", Requirement.administrator],
    ["forProvidersAndPorters", Requirement.provider_portero],
  ] as const) {
    const id = (
      await define(ctx, w.t.colegio, {
        name: `Normas de la comunidad (${key})`,
        requirement_origin: Requirement.administrator,
        requirement_dest: dest,
        assocfinca: true,
      })
    ).id;
    adminDocs[key] = await uploaded(ctx, w.t.administrador, w.A.id, { id_definition: id, id_finca: w.C1.id });
  }
  templateBytes = await makePdf("Plantilla de seguro");
  const res = await upload(
    ctx.app,
    "/file-manager/fileupload/upload",
    w.t.colegio,
    { docDefinitionId: general },
    { name: "plantilla.pdf", data: templateBytes },
  );
  expect(res.statusCode, res.body).toBe(200);
  templateFileId = res.json().file.id;
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

type Links = { file: { id: number; name: string }; view: string; download: string; expires: string };

function retrieve(token: string, fileId: number, options: { cookie?: string; colegio?: number } = {}) {
  return ctx.app.inject({
    method: "GET",
    url: `/file-manager/fileload/retrieve/${fileId}${options.colegio ? `?colg_id=${options.colegio}` : ""}`,
    headers: {
      authentication: `Bearer ${token}`,
      ...(options.cookie ? { cookie: `${FILE_KEY_COOKIE}=${options.cookie}` } : {}),
    },
  });
}

/** The file key the answer sets, checked to be HttpOnly and SameSite=Strict; undefined when none is set. */
function cookieSet(res: Awaited<ReturnType<typeof retrieve>>): string | undefined {
  const header = res.headers["set-cookie"];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join("\n") : String(header);
  // One cookie per session (coordina_files_<10 characters of its hash>), so sessions in one browser do not clash.
  expect(value).toMatch(
    new RegExp(`^${FILE_KEY_COOKIE}_[A-Za-z0-9_-]{10}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict$`),
  );
  return /=([^;]+);/.exec(value)![1];
}

/** Retrieves as `token` and returns the links and the browser's cookie afterwards. */
async function linksFor(token: string, fileId: number, options: { cookie?: string; colegio?: number } = {}) {
  const res = await retrieve(token, fileId, options);
  expect(res.statusCode, res.body).toBe(200);
  return { links: res.json().data as Links, cookie: cookieSet(res) ?? options.cookie!, res };
}

function open(path: string, cookie: string | undefined, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: "GET",
    url: path,
    headers: { ...(cookie ? { cookie: `other=1; ${FILE_KEY_COOKIE}=${cookie}` } : {}), ...headers },
  });
}

function expectRefusedPage(res: Awaited<ReturnType<typeof open>>) {
  expect(res.statusCode).toBe(403);
  expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(res.headers["content-disposition"]).toBeUndefined();
  expect(res.body).toContain("El enlace ha caducado o no es tuyo");
  expect(res.body).not.toContain("%PDF");
}

const linkCount = async () => (await db().select({ n: count() }).from(fileLinks))[0]!.n;

describe("retrieve and the links it gives", () => {
  it("answers the file and two links, and sets an HttpOnly SameSite=Strict cookie", async () => {
    const before = Date.now();
    const { links, res } = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    const after = Date.now();
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(cookieSet(res)).toBeDefined();
    expect(links).toEqual({
      file: p1Doc.fileupload,
      view: expect.stringMatching(/^\/s\/[A-Za-z0-9_-]{43}$/),
      download: expect.stringMatching(/^\/d\/[A-Za-z0-9_-]{43}$/),
      expires: expect.any(String),
    });
    expect(links.view.slice(3)).toBe(links.download.slice(3));
    // The links live ten minutes from the request.
    const issued = Date.parse(links.expires) - 10 * 60 * 1000;
    expect(issued).toBeGreaterThanOrEqual(before);
    expect(issued).toBeLessThanOrEqual(after);
    // Only the token's hash is stored.
    const [row] = await db()
      .select()
      .from(fileLinks)
      .where(eq(fileLinks.tokenHash, hashToken(links.view.slice(3))));
    expect(row).toMatchObject({ fileId: p1Doc.fileupload_id });
  });

  it("/s/ shows the exact PDF inline, /d/ downloads it, a range gets its slice", async () => {
    const { links, cookie } = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    const view = await open(links.view, cookie);
    expect(view.statusCode).toBe(200);
    expect(view.headers["content-type"]).toBe("application/pdf");
    expect(view.headers["content-disposition"]).toBe(
      `inline; filename="P_liza _2026_.pdf"; filename*=UTF-8''${encodeURIComponent("Póliza «2026».pdf")}`,
    );
    expect(view.headers["content-length"]).toBe(String(p1Doc.bytes.length));
    expect(view.headers["accept-ranges"]).toBe("bytes");
    expect(view.rawPayload.equals(p1Doc.bytes)).toBe(true);

    const download = await open(links.download, cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(String(download.headers["content-disposition"])).toMatch(/^attachment; filename="/);
    expect(download.rawPayload.equals(p1Doc.bytes)).toBe(true);

    const size = p1Doc.bytes.length;
    const range = await open(links.view, cookie, { range: "bytes=100-199" });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 100-199/${size}`);
    expect(range.headers["content-length"]).toBe("100");
    expect(range.rawPayload.equals(p1Doc.bytes.subarray(100, 200))).toBe(true);
    const tail = await open(links.download, cookie, { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(p1Doc.bytes.subarray(size - 10))).toBe(true);
    const open1 = await open(links.view, cookie, { range: `bytes=${size - 5}-` });
    expect(open1.statusCode).toBe(206);
    expect(open1.rawPayload.equals(p1Doc.bytes.subarray(size - 5))).toBe(true);
  });

  it("two sessions in one browser each keep their cookie and their links", async () => {
    const other = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const a = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    const b = await linksFor(other, p1Doc.fileupload_id);
    expect(b.cookie).not.toBe(a.cookie);
    const both = (path: string) =>
      ctx.app.inject({
        method: "GET",
        url: path,
        headers: { cookie: `${FILE_KEY_COOKIE}_a=${a.cookie}; ${FILE_KEY_COOKIE}_b=${b.cookie}` },
      });
    expect((await both(a.links.view)).statusCode).toBe(200);
    expect((await both(b.links.view)).statusCode).toBe(200);
    // Each session's cookie alone opens only its own links.
    expectRefusedPage(await open(b.links.download, a.cookie));
  });

  it("a range past the end answers 416 with the size", async () => {
    const { links, cookie } = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    const size = p1Doc.bytes.length;
    const res = await open(links.view, cookie, { range: `bytes=${size}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe(`bytes */${size}`);
    expect(res.rawPayload.length).toBe(0);
  });

  it("a link given out before its document was erased stops working", async () => {
    const doomed = await uploaded(
      ctx,
      w.t.gremio,
      w.A.id,
      { id_definition: p1Doc.id_document_require_definition },
      "borrar.pdf",
    );
    const { links, cookie } = await linksFor(w.t.gremio, doomed.fileupload_id);
    const erase = await call(ctx.app, "POST", `/companies/documents/erasecompanydefined/${doomed.id}`, {
      token: w.t.gremio,
    });
    expect(erase.statusCode).toBe(200);
    // A fresh key into the 5-second cache: the erased document's link is checked in SQL.
    expectRefusedPage(await open(links.download.replace("/d/", "/s/"), cookie));
  });

  it("a second retrieve from the same browser keeps its cookie, and both links work with it", async () => {
    const first = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    const second = await retrieve(w.t.gremio, p1Doc.fileupload_id, { cookie: first.cookie });
    expect(second.statusCode).toBe(200);
    expect(second.headers["set-cookie"]).toBeUndefined();
    const links = second.json().data as Links;
    expect(links.view).not.toBe(first.links.view);
    expect((await open(first.links.view, first.cookie)).statusCode).toBe(200);
    expect((await open(links.view, first.cookie)).statusCode).toBe(200);
    // A browser with a wrong key is given the session's key again (the same for the whole session, so two
    // retrieves at once never leave the browser with a key the server no longer has); the wrong one opens nothing.
    const third = await retrieve(w.t.gremio, p1Doc.fileupload_id, { cookie: "not-the-key" });
    const renewed = cookieSet(third);
    expect(renewed).toBe(first.cookie);
    const latest = third.json().data as Links;
    expectRefusedPage(await open(latest.view, "not-the-key"));
    expect((await open(latest.view, renewed)).statusCode).toBe(200);
  });
});

describe("links refuse everyone but the browser of the session that asked", () => {
  it("without the cookie, with a wrong or another session's cookie, or an unknown token: 403 page", async () => {
    const { links, cookie } = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    expectRefusedPage(await open(links.view, undefined));
    expectRefusedPage(await open(links.download, undefined));
    expectRefusedPage(await open(links.view, "x".repeat(43)));
    // The administrator's browser, which holds its own session's key, may see the document itself.
    const admin = await linksFor(w.t.administrador, p1Doc.fileupload_id, { colegio: w.A.id });
    expectRefusedPage(await open(links.view, admin.cookie));
    expect((await open(admin.links.view, admin.cookie)).statusCode).toBe(200);
    expectRefusedPage(await open(admin.links.view, cookie));
    // Another session of the same user has another key.
    const other = await linksFor(await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio), p1Doc.fileupload_id);
    expectRefusedPage(await open(links.view, other.cookie));
    expectRefusedPage(await open(other.links.view, cookie));
    expectRefusedPage(await open(`/s/${"A".repeat(43)}`, cookie));
  });

  it("after logout the session's links stop working", async () => {
    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const { links, cookie } = await linksFor(token, p1Doc.fileupload_id);
    expect((await open(links.view, cookie)).statusCode).toBe(200);
    expect((await call(ctx.app, "POST", "/companies/users/logout", { token })).statusCode).toBe(200);
    expectRefusedPage(await open(links.view, cookie));
    expectRefusedPage(await open(links.download, cookie));
  });

  it("after the link expires it stops working; so do the links of an expired session", async () => {
    const { links, cookie } = await linksFor(w.t.gremio, p1Doc.fileupload_id);
    await db()
      .update(fileLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(fileLinks.tokenHash, hashToken(links.view.slice(3))));
    expectRefusedPage(await open(links.view, cookie));
    expectRefusedPage(await open(links.download, cookie));

    const token = await tokenFor(ctx.app, DEMO_ACCOUNTS.gremio);
    const before = await linksFor(token, p1Doc.fileupload_id);
    const after = await linksFor(token, p1Doc.fileupload_id, { cookie: before.cookie });
    expect((await open(before.links.view, before.cookie)).statusCode).toBe(200);
    await db().execute(
      sql`update sessions set expires_at = now() - interval '1 second'
          where id = (select session_id from file_links where token_hash = ${hashToken(after.links.view.slice(3))})`,
    );
    expectRefusedPage(await open(after.links.view, after.cookie));
    expectRefusedPage(await open(after.links.download, after.cookie));
  });
});

describe("who gets links", () => {
  /** Retrieve as `who`: links and bytes when `allowed`, else 403 with no cookie and no link recorded. */
  async function expectAccess(
    who: keyof DocumentsWorld["t"],
    doc: { fileupload_id: number; bytes: Buffer },
    allowed: boolean,
    colegio?: number,
  ) {
    const before = await linkCount();
    const res = await retrieve(w.t[who], doc.fileupload_id, colegio ? { colegio } : {});
    if (!allowed) {
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json(), who).toEqual({ result: false, error: ErrorKey.forbidden });
      expect(res.headers["set-cookie"], who).toBeUndefined();
      expect(await linkCount(), who).toBe(before);
      return;
    }
    expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    const view = await open(res.json().data.view, cookieSet(res));
    expect(view.statusCode, who).toBe(200);
    expect(view.rawPayload.equals(doc.bytes), who).toBe(true);
  }

  it("a provider's general document: the provider, the colegio, the administrators of communities it serves", async () => {
    await expectAccess("gremio", p1Doc, true);
    await expectAccess("colegio", p1Doc, true);
    await expectAccess("administrador", p1Doc, true, w.A.id);
    await expectAccess("colegioB", p1Doc, false);
    await expectAccess("admin2", p1Doc, false, w.A.id); // P1 serves none of admin2's communities
    await expectAccess("p3", p1Doc, false, w.A.id); // for the administrator only
    await expectAccess("portero", p1Doc, false);
    await expectAccess("adminB", p1Doc, false);
    await expectAccess("pB", p1Doc, false);
    expectError(await retrieve(w.t.master, p1Doc.fileupload_id), 403, ErrorKey.forbidden);
  });

  it("an administrator sees the general document of a provider only when it serves one of its communities", async () => {
    await expectAccess("administrador", p2Doc, false, w.A.id);
    await expectAccess("admin2", p2Doc, true, w.A.id);
    await expectAccess("p2", p2Doc, true);
    await expectAccess("gremio", p2Doc, false, w.A.id);
  });

  it("a provider sees the administrator's community document only when its destination names providers", async () => {
    await expectAccess("gremio", adminDocs.forProviders, true, w.A.id);
    await expectAccess("p3", adminDocs.forProviders, true, w.A.id);
    await expectAccess("gremio", adminDocs.forAdmins, false, w.A.id);
    await expectAccess("p3", adminDocs.forAdmins, false, w.A.id);
    await expectAccess("gremio", adminDocs.forProvidersAndPorters, true, w.A.id);
    // Not serving that community: nothing, whatever the destination.
    await expectAccess("p2", adminDocs.forProviders, false, w.A.id);
    await expectAccess("p0", adminDocs.forProvidersAndPorters, false, w.A.id);
    // Porters: the community's, when the destination names them.
    await expectAccess("portero", adminDocs.forProviders, false);
    await expectAccess("portero", adminDocs.forProvidersAndPorters, true);
    await expectAccess("conserje", adminDocs.forProvidersAndPorters, false);
    // The uploader and the colegio.
    await expectAccess("administrador", adminDocs.forAdmins, true, w.A.id);
    await expectAccess("colegio", adminDocs.forAdmins, true);
    await expectAccess("admin2", adminDocs.forProviders, false, w.A.id);
  });

  it("a template: every member of the colegio; another colegio's people are refused", async () => {
    const template = { fileupload_id: templateFileId, bytes: templateBytes };
    await expectAccess("colegio", template, true);
    await expectAccess("gremio", template, true, w.A.id);
    await expectAccess("p0", template, true, w.A.id);
    await expectAccess("administrador", template, true, w.A.id);
    await expectAccess("portero", template, true);
    await expectAccess("colegioB", template, false);
    await expectAccess("pB", template, false);
  });

  it("a file attached to nothing yet: only its company", async () => {
    const bytes = await makePdf("Suelto");
    const res = await upload(
      ctx.app,
      "/file-manager/fileupload/upload",
      w.t.gremio,
      {},
      { name: "suelto.pdf", data: bytes },
    );
    const loose = { fileupload_id: res.json().file.id as number, bytes };
    await expectAccess("gremio", loose, true);
    await expectAccess("p3", loose, false, w.A.id);
    await expectAccess("administrador", loose, false, w.A.id);
    await expectAccess("colegio", loose, false);
  });

  it("a deleted document gives no links (404); a missing file is 404", async () => {
    const doc = await uploaded(ctx, w.t.gremio, w.A.id, { id_definition: p1Doc.id_document_require_definition });
    await linksFor(w.t.gremio, doc.fileupload_id);
    expect(
      (await call(ctx.app, "POST", `/companies/documents/erasecompanydefined/${doc.id}`, { token: w.t.gremio }))
        .statusCode,
    ).toBe(200);
    expectError(await retrieve(w.t.gremio, doc.fileupload_id), 404, ErrorKey.notFound);
    expectError(await retrieve(w.t.p3, doc.fileupload_id, { colegio: w.A.id }), 403, ErrorKey.forbidden);
    expectError(await retrieve(w.t.gremio, 999_999), 404, ErrorKey.notFound);
  });
});
