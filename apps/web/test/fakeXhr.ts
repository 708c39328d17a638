import { vi } from "vitest";

/**
 * A stand-in for the browser's XMLHttpRequest (uploads use it to show progress, app/upload.ts): each
 * request sent is kept in `sent`, and the test answers it when it chooses (in a component test, inside
 * React's `act`). Plain Node tests use it too: it needs no DOM.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }

  /** A field of the multipart body sent (a File for the file). */
  field(name: string): FormDataEntryValue | null {
    return this.body?.get(name) ?? null;
  }

  /** `loaded` of `total` bytes of the body have gone out. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** The server answers `status` with `body` (JSON, or a text as it is). */
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
}

/** Replaces XMLHttpRequest until the test's end (vi.unstubAllGlobals). */
export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}
