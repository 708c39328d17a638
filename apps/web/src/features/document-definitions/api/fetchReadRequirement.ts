import type { ReadRequirementView } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** One read requirement with its documents ('Leído por N de M') and, with `document`, who must read that one. */
function fetchReadRequirement(id: number, document?: number): Promise<ReadRequirementView> {
  return api.get<ReadRequirementView>(
    `/document-read-requirements/view/${id}`,
    document === undefined ? undefined : { document },
  );
}

export const readRequirementQuery = (id: number, document?: number) =>
  queryOptions({
    queryKey: [queryKeys.readRequirements, "view", id, document ?? null] as const,
    queryFn: () => fetchReadRequirement(id, document),
  });
