import type { PendingValidationRow } from "@coordina/domain";
import { api } from "../../../app/api";
import type { Paging } from "../../../ui/usePagedList";

export type { PendingValidationRow };

/** POST companies/documents/pending-validation: a page of rows (spec shapes in the domain). */
export interface PendingValidationPage {
  result: true;
  data: PendingValidationRow[];
  count: number;
  pagination?: { count: number; page: number; limit: number };
}

/** The colegio's documents pending validation, paged and searched on the server. */
export function fetchPendingValidation({ page, limit, filter }: Paging): Promise<PendingValidationPage> {
  return api.post<PendingValidationPage>("/companies/documents/pending-validation", { page, limit, filter });
}
