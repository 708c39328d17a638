import { ErrorKey, IDEMPOTENCY_KEY_FIELD } from "@coordina/domain";
import { ApiError, authorizationHeaders, colegioId, reportFailure } from "./api";

/**
 * The error key to show for a failed upload: the server's own key when it answered one, the spec's
 * texts for a file too large (413, whoever answered it: the API or a proxy in front of it) or not a PDF
 * (415), and otherwise 'El fichero no ha podido ser subido…' (network failure, 5xx, unreadable answer).
 */
export function uploadFailureKey(status: number, error: string | undefined): string {
  if (status === 413) return ErrorKey.fileTooLarge;
  const answered = error && error !== ErrorKey.generic ? error : undefined;
  if (status === 0 || status >= 500) return ErrorKey.uploadFailed;
  if (status === 415) return answered ?? ErrorKey.fileNotPdf;
  return answered ?? ErrorKey.uploadFailed;
}

/** The multipart body: the fields first (the server reads them before the file), then the file. */
export function uploadBody(fields: Record<string, string | number>, file: File, fileField = "file"): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  body.append(fileField, file, file.name);
  return body;
}

/** The upload's address: multipart bodies are not read for `colg_id`, so it goes in the query string. */
export function uploadUrl(path: string, colegio: number | undefined): string {
  const url = path.startsWith("/") ? path : `/${path}`;
  if (colegio === undefined) return url;
  return `${url}${url.includes("?") ? "&" : "?"}colg_id=${colegio}`;
}

/**
 * A fresh idempotency key for one upload (the server answers a retry with the same key with the first
 * upload's result). `crypto.randomUUID` exists only in secure contexts; plain HTTP on a host name falls back
 * to 16 random bytes in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface UploadOptions {
  /** extra multipart fields, sent before the file */
  fields?: Record<string, string | number>;
  /** called as the body goes out, with the fraction sent (0 to 1) */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): { result?: boolean; error?: string } | undefined {
  try {
    const json = JSON.parse(text) as unknown;
    return json && typeof json === "object" ? (json as { result?: boolean; error?: string }) : undefined;
  } catch {
    return undefined;
  }
}

/** Failures where no answer came back and nobody aborted: the upload may or may not have been stored. */
const networkFailures = new WeakSet<ApiError>();

/** One attempt: resolves with the answer, or rejects with an ApiError (status 0: no answer, or aborted). */
function attempt<T>(
  path: string,
  file: File,
  fields: Record<string, string | number>,
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (status: number, error?: string) => reject(new ApiError(uploadFailureKey(status, error), status));
    if (signal?.aborted) {
      fail(0);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl(path, colegioId()));
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(authorizationHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const json = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && json && json.result !== false) {
        onProgress?.(1);
        resolve(json as T);
        return;
      }
      reportFailure(xhr.status, json?.error);
      fail(xhr.status, json?.error);
    };
    const lost = () => {
      const error = new ApiError(uploadFailureKey(0, undefined), 0);
      networkFailures.add(error);
      reject(error);
    };
    xhr.onerror = lost;
    xhr.ontimeout = lost;
    xhr.onabort = () => fail(0);
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(uploadBody(fields, file));
  });
}

/**
 * Uploads one file as multipart/form-data with the session's bearer token and colegio, like every other
 * call (app/api.ts), but through XMLHttpRequest so that the progress of the body can be shown. Resolves
 * with the server's JSON answer; rejects with an ApiError whose key is uploadFailureKey's (a 401 ends the
 * session, as any call does). An aborted upload rejects with an ApiError of status 0 too.
 *
 * Every upload carries a fresh idempotency key; when the network fails (no answer, not an abort) it is
 * sent once more with the same key, so an upload the server stored but could not acknowledge is answered
 * with its first result instead of being stored twice.
 */
export async function uploadFile<T = unknown>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const { fields = {}, onProgress, signal } = options;
  const keyed = { ...fields, [IDEMPOTENCY_KEY_FIELD]: newIdempotencyKey() };
  try {
    return await attempt<T>(path, file, keyed, onProgress, signal);
  } catch (error) {
    if (!(error instanceof ApiError && networkFailures.has(error)) || signal?.aborted) throw error;
    onProgress?.(0);
    return attempt<T>(path, file, keyed, onProgress, signal);
  }
}
