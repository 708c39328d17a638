import type { PendingReadRow, UploadPendingRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";

/** First part of the provider home's query keys. */
const PROVIDER_HOME_KEY = "provider-home";

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
    queryKey: [PROVIDER_HOME_KEY, "pending-reads"] as const,
    queryFn: fetchPendingReads,
  });

export const uploadsPendingQuery = () =>
  queryOptions({
    queryKey: [PROVIDER_HOME_KEY, "uploads-pending"] as const,
    queryFn: fetchUploadsPending,
  });
