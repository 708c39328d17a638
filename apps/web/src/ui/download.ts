import { ErrorKey } from "@coordina/domain";
import { ApiError } from "../app/api";
import { session } from "../app/session";
import { fileNameOf } from "./fileName";

type Query = Record<string, string | number | boolean | undefined>;

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file the API answers (a CSV summary, a template…): a GET carrying the session's bearer
 * token in `Authentication` and the current colegio as `colg_id`, as app/api.ts does for JSON calls.
 * The file is saved under the name from Content-Disposition (or `fallbackName`), which is returned.
 * A failed call throws ApiError with the server's error key, like any other call.
 */
export async function download(path: string, fallbackName: string, query?: Query): Promise<string> {
  const current = session.get();
  const headers: Record<string, string> = { Accept: "*/*" };
  if (current?.token) headers.Authentication = `Bearer ${current.token}`;
  const params = new URLSearchParams();
  const colegio = current?.colegio.id;
  for (const [k, v] of Object.entries({
    ...query,
    colg_id: colegio !== undefined && colegio > 0 ? colegio : undefined,
  }))
    if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  const url = `${path.startsWith("/") ? path : `/${path}`}${qs ? `?${qs}` : ""}`;

  let response: Response;
  try {
    response = await fetch(url, { method: "GET", headers });
  } catch {
    throw new ApiError(ErrorKey.generic, 0);
  }
  if (!response.ok) {
    let key: string = ErrorKey.generic;
    try {
      const json = (await response.json()) as { error?: string };
      if (json.error) key = json.error;
    } catch {
      // not a JSON envelope: the generic text
    }
    if (response.status === 401 && current) session.end("expired");
    throw new ApiError(key, response.status);
  }
  const fileName = fileNameOf(response.headers.get("content-disposition"), fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
