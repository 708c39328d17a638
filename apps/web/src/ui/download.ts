import { api } from "../app/api";
import { fileNameOf } from "./fileName";

type Query = Record<string, string | number | boolean | undefined>;

/** Hands a blob to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string) {
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
 * Downloads a file the API answers (a CSV summary, a template…) through the same call as any other
 * (app/api.ts: bearer token, colegio, errors), saved under the name from Content-Disposition (or
 * `fallbackName`), which is returned.
 */
export async function download(path: string, fallbackName: string, query?: Query): Promise<string> {
  const response = await api.getFile(path, query);
  const fileName = fileNameOf(response.headers.get("content-disposition"), fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
