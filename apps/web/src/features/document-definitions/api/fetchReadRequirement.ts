import type { ReadRequirementView } from "@coordina/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * One read requirement with a page of its documents ('Leído por N de M') and their count or, with
 * `document`, that document and who must read it.
 */
function fetchReadRequirement(id: number, at: { page?: number; document?: number }): Promise<ReadRequirementView> {
  return api.get<ReadRequirementView>(
    `/document-read-requirements/view/${id}`,
    at.document === undefined ? { page: at.page ?? 1 } : { document: at.document },
  );
}

export const readRequirementQuery = (id: number, at: { page?: number; document?: number } = {}) =>
  queryOptions({
    queryKey: [queryKeys.readRequirements, "view", id, at.page ?? 1, at.document ?? null] as const,
    queryFn: () => fetchReadRequirement(id, at),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
