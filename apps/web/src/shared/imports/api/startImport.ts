import { ErrorKey, type ImportKind, type ImportRun } from "@coordina/domain";
import { ApiError, authorizationHeaders, colegioId, type Envelope, paramsOf, reportFailure } from "../../../app/api";
import { uploadUrl } from "../../../app/upload";

export interface StartImport {
  kind: ImportKind;
  file: File;
  /** the community of a `community-providers` import */
  idFinca?: number;
  /** called as the file goes out, with the fraction sent (0 to 1) */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The upload's address: `/imports/{kind}`, with the community of a `community-providers` import. */
export function importPath(kind: ImportKind, idFinca?: number): string {
  return idFinca === undefined ? `/imports/${kind}` : `/imports/${kind}?id_finca=${idFinca}`;
}

/**
 * The error of a refused upload: the server's key with its params ('Cabecera {{title}} no encontrada en
 * la excel'), 'demasiado grande' for a 413 whoever answered it, and 'no ha podido ser subido' when no
 * answer came back or the server failed.
 */
export function uploadError(status: number, envelope: Envelope | undefined): ApiError {
  if (status === 413) return new ApiError(ErrorKey.importTooLarge, status);
  if (status === 0 || status >= 500 || !envelope?.error) return new ApiError(ErrorKey.uploadFailed, status);
  return new ApiError(envelope.error, status, paramsOf(envelope));
}

function parse(text: string): Envelope | undefined {
  try {
    const json = JSON.parse(text) as unknown;
    return json && typeof json === "object" ? (json as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends the spreadsheet once (POST /imports/{kind}, multipart with the one field `file`) with the session's
 * token and colegio, through XMLHttpRequest so that the upload's progress shows. Resolves with the run the
 * server started (or stopped at validation); rejects with uploadError's ApiError. Not sent again on a
 * network failure: running the same file again is safe, and the user decides ('Reintentar').
 */
export function startImport({ kind, file, idFinca, onProgress, signal }: StartImport): Promise<ImportRun> {
  return new Promise<ImportRun>((resolve, reject) => {
    if (signal?.aborted) {
      reject(uploadError(0, undefined));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl(importPath(kind, idFinca), colegioId()));
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(authorizationHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const json = parse(xhr.responseText) as (Envelope & { data?: ImportRun }) | undefined;
      if (xhr.status >= 200 && xhr.status < 300 && json?.result === true && json.data) {
        onProgress?.(1);
        resolve(json.data);
        return;
      }
      reportFailure(xhr.status, json?.error);
      reject(uploadError(xhr.status, json));
    };
    const lost = () => reject(uploadError(0, undefined));
    xhr.onerror = lost;
    xhr.ontimeout = lost;
    xhr.onabort = lost;
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
