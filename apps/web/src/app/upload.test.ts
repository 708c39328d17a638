import { ErrorKey, type SessionData } from "@coordina/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../../test/fakeXhr";

/** The browser's storage, for the session module (Node has none). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}
vi.stubGlobal("localStorage", new MemoryStorage());
vi.stubGlobal("sessionStorage", new MemoryStorage());

vi.stubGlobal("XMLHttpRequest", FakeXhr);

const { newIdempotencyKey, uploadBody, uploadFailureKey, uploadFile, uploadUrl } = await import("./upload");
const { ApiError, setUnauthorizedHandler } = await import("./api");
const { session } = await import("./session");

const pdf = () => new File(["%PDF-1.4"], "seguro.pdf", { type: "application/pdf" });
const last = () => FakeXhr.sent.at(-1)!;

describe("uploadFailureKey", () => {
  it("keeps the key the server answered", () => {
    expect(uploadFailureKey(400, ErrorKey.fincaRequired)).toBe(ErrorKey.fincaRequired);
    expect(uploadFailureKey(403, "error.forbidden")).toBe("error.forbidden");
    expect(uploadFailureKey(415, ErrorKey.fileNotPdf)).toBe(ErrorKey.fileNotPdf);
    expect(uploadFailureKey(200, ErrorKey.expiryRequired)).toBe(ErrorKey.expiryRequired);
  });

  it("says too large for any 413 and not a PDF for a bare 415", () => {
    expect(uploadFailureKey(413, undefined)).toBe(ErrorKey.fileTooLarge);
    expect(uploadFailureKey(413, "error.payload-too-large")).toBe(ErrorKey.fileTooLarge);
    expect(uploadFailureKey(415, undefined)).toBe(ErrorKey.fileNotPdf);
  });

  it("gives the spec's upload failure for network errors, server errors and unreadable answers", () => {
    expect(uploadFailureKey(0, undefined)).toBe(ErrorKey.uploadFailed);
    expect(uploadFailureKey(500, ErrorKey.generic)).toBe(ErrorKey.uploadFailed);
    expect(uploadFailureKey(502, "whatever")).toBe(ErrorKey.uploadFailed);
    expect(uploadFailureKey(400, undefined)).toBe(ErrorKey.uploadFailed);
    expect(uploadFailureKey(400, ErrorKey.generic)).toBe(ErrorKey.uploadFailed);
  });
});

describe("uploadBody and uploadUrl", () => {
  it("puts the fields before the file", () => {
    const body = uploadBody({ id_definition: 4, id_finca: 7 }, pdf());
    expect([...body.keys()]).toEqual(["id_definition", "id_finca", "file"]);
    expect(body.get("id_definition")).toBe("4");
    expect((body.get("file") as File).name).toBe("seguro.pdf");
  });

  it("sends the colegio in the query string", () => {
    expect(uploadUrl("/companies/documents/upload-defined-file", 3)).toBe(
      "/companies/documents/upload-defined-file?colg_id=3",
    );
    expect(uploadUrl("companies/x?a=1", 3)).toBe("/companies/x?a=1&colg_id=3");
    expect(uploadUrl("/companies/x", undefined)).toBe("/companies/x");
  });
});

describe("uploadFile", () => {
  const ended = vi.fn();
  beforeEach(() => {
    FakeXhr.sent = [];
    ended.mockReset();
    setUnauthorizedHandler(ended);
    session.start(
      {
        token: "tok",
        user: { id: 1, email: "p@coordina.test", user_role: 20 },
        company: { id: 2, name: "Ascensores" },
        colegios: [{ id: 3, name: "Madrid" }],
        flags: [],
        issuer: "test",
      } as unknown as SessionData,
      false,
      true,
    );
  });
  afterEach(() => session.end("logout"));

  it("posts the multipart body with the bearer token and the colegio, reporting progress", async () => {
    const progress: number[] = [];
    const done = uploadFile("/companies/documents/upload-defined-file", pdf(), {
      fields: { id_definition: 4 },
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = last();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/companies/documents/upload-defined-file?colg_id=3");
    expect(xhr.headers.Authentication).toBe("Bearer tok");
    expect([...xhr.body!.keys()]).toEqual(["id_definition", "idempotencyKey", "file"]);
    expect(xhr.body!.get("idempotencyKey")).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.answer(200, { result: true, data: { id: 9 }, needs_expiry: true });
    await expect(done).resolves.toEqual({ result: true, data: { id: 9 }, needs_expiry: true });
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's key, and a 401 ends the session", async () => {
    const tooLarge = uploadFile("/x", pdf());
    last().answer(413, { result: false, error: ErrorKey.fileTooLarge });
    await expect(tooLarge).rejects.toMatchObject({ key: ErrorKey.fileTooLarge, status: 413 });
    expect(ended).not.toHaveBeenCalled();

    const refused = uploadFile("/x", pdf());
    last().answer(200, { result: false, error: ErrorKey.fincaRequired });
    await expect(refused).rejects.toMatchObject({ key: ErrorKey.fincaRequired });

    const expired = uploadFile("/x", pdf());
    last().answer(401, { result: false, error: "error.unauthorized" });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("turns network failures, server errors and unreadable answers into the spec's upload failure", async () => {
    const offline = uploadFile("/x", pdf());
    last().onerror?.();
    // The one retry goes out at once; it fails too.
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    last().onerror?.();
    await expect(offline).rejects.toMatchObject({ key: ErrorKey.uploadFailed, status: 0 });
    expect(FakeXhr.sent).toHaveLength(2);

    const crashed = uploadFile("/x", pdf());
    last().answer(500, { result: false, error: ErrorKey.generic });
    await expect(crashed).rejects.toMatchObject({ key: ErrorKey.uploadFailed });

    const html = uploadFile("/x", pdf());
    last().answer(200, "<html>proxy</html>");
    await expect(html).rejects.toMatchObject({ key: ErrorKey.uploadFailed });
  });

  it("stops when aborted, without a retry", async () => {
    const controller = new AbortController();
    const running = uploadFile("/x", pdf(), { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ status: 0 });
    expect(FakeXhr.sent).toHaveLength(1);
  });
});

describe("idempotency keys", () => {
  const keyOf = (xhr: FakeXhr) => xhr.body!.get("idempotencyKey");
  beforeEach(() => {
    FakeXhr.sent = [];
  });

  it("sends a fresh key with every upload", async () => {
    const one = uploadFile("/x", pdf());
    const two = uploadFile("/x", pdf());
    const [a, b] = FakeXhr.sent;
    expect(keyOf(a!)).not.toBe(keyOf(b!));
    a!.answer(200, { result: true });
    b!.answer(200, { result: true });
    await Promise.all([one, two]);
  });

  it("after a network failure sends the same upload once more with the same key, and takes its answer", async () => {
    const progress: number[] = [];
    const running = uploadFile("/x", pdf(), { fields: { id_definition: 4 }, onProgress: (f) => progress.push(f) });
    const first = last();
    first.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    first.onerror?.();
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const second = last();
    expect(second.url).toBe(first.url);
    expect([...second.body!.keys()]).toEqual(["id_definition", "idempotencyKey", "file"]);
    expect(keyOf(second)).toBe(keyOf(first));
    second.answer(200, { result: true, data: { id: 9 } });
    await expect(running).resolves.toEqual({ result: true, data: { id: 9 } });
    // The bar starts again for the retry.
    expect(progress).toEqual([1, 0, 1]);
  });

  it("does not retry an answered failure (4xx, 5xx) nor a timeout of the second attempt", async () => {
    for (const status of [400, 413, 500, 503]) {
      FakeXhr.sent = [];
      const running = uploadFile("/x", pdf());
      last().answer(status, { result: false, error: ErrorKey.generic });
      await expect(running).rejects.toMatchObject({ status });
      expect(FakeXhr.sent, String(status)).toHaveLength(1);
    }
    FakeXhr.sent = [];
    const timedOut = uploadFile("/x", pdf());
    last().ontimeout?.();
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    last().ontimeout?.();
    await expect(timedOut).rejects.toMatchObject({ key: ErrorKey.uploadFailed, status: 0 });
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it("an abort during the retry ends it", async () => {
    const controller = new AbortController();
    const running = uploadFile("/x", pdf(), { signal: controller.signal });
    last().onerror?.();
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    controller.abort();
    await expect(running).rejects.toMatchObject({ status: 0 });
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it("makes keys the server accepts, also where crypto.randomUUID is missing (plain HTTP)", () => {
    const pattern = /^[A-Za-z0-9_-]{8,100}$/;
    expect(newIdempotencyKey()).toMatch(pattern);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(20);
      for (const key of keys) expect(key).toMatch(pattern);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
  });
});
