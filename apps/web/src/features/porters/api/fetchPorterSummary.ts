import type { PorterSummaryIndexRequest, PorterSummaryPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the doormen summary: the porters of the caller's communities with their figures (10 a page). */
export function fetchPorterSummary(request: PorterSummaryIndexRequest): Promise<PorterSummaryPage> {
  return api.post<PorterSummaryPage>("/porteros/portero/admin_summary", request);
}
