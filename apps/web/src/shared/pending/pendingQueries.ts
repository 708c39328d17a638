import type { PendingReadRow, UploadPendingRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";

/**
 * What a provider still has to do in the current colegio, read by 'Tareas pendientes' (/proveedores/main) and by
 * the summary on its start page: the same two queries, so both show the same counts. Each is one statement on
 * the server (docs/compliance.md rules 1, 2 and 5): its rows are the duties not met, so their numbers are the
 * colegio's *Docs a subir* and *Docs a leer* for this provider, required minus met.
 */
const PENDING_KEY = queryKeys.providerPending;

/** What the calling provider still has to read, in every community it serves (spec 02 §7). */
async function fetchPendingReads(): Promise<PendingReadRow[]> {
  const answer = await api.post<{ data: PendingReadRow[] }>("/companies/providers/doc-read-pending-by-provider");
  return answer.data;
}

/** What the calling provider still has to upload: missing, expired or without its expiry date. */
async function fetchUploadsPending(): Promise<UploadPendingRow[]> {
  const answer = await api.post<{ data: UploadPendingRow[] }>("/companies/providers/upload_pending");
  return answer.data;
}

export const pendingReadsQuery = () =>
  queryOptions({
    queryKey: [PENDING_KEY, "reads"] as const,
    queryFn: fetchPendingReads,
  });

export const uploadsPendingQuery = () =>
  queryOptions({
    queryKey: [PENDING_KEY, "uploads"] as const,
    queryFn: fetchUploadsPending,
  });
