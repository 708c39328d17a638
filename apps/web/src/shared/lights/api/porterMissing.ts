import type { PorterMissingDuty } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/**
 * Whose duties a porter's light counts (docs/compliance.md rules 8–10):
 * - `finca`: one porter (its user) in one community, for the community's administrator (the porters
 *   card, one porter's communities): porteros/fincas/missing;
 * - `over`: one porter over the administrator's communities (the doormen summary): porteros/portero/missing;
 * - `own`: the calling porter in one of its communities (its own communities): porteros/comunidades/missing.
 */
export type PorterMissingSource =
  | { kind: "finca"; communityId: number; porterId: number }
  | { kind: "over"; porterId: number }
  | { kind: "own"; communityId: number };

function request(source: PorterMissingSource): [path: string, body: Record<string, number>] {
  if (source.kind === "finca")
    return ["/porteros/fincas/missing", { id_finca: source.communityId, id_portero: source.porterId }];
  if (source.kind === "over") return ["/porteros/portero/missing", { id_portero: source.porterId }];
  return ["/porteros/comunidades/missing", { id_finca: source.communityId }];
}

function keyOf(source: PorterMissingSource) {
  if (source.kind === "finca") return queryKeys.porterMissing("finca", source.communityId, source.porterId);
  if (source.kind === "over") return queryKeys.porterMissing("over", source.porterId);
  return queryKeys.porterMissing("own", source.communityId);
}

/** What a porter still lacks, read again each time a light's words open (so they follow uploads and reads since). */
export const porterMissingQuery = (source: PorterMissingSource) =>
  queryOptions({
    queryKey: keyOf(source),
    queryFn: async () => {
      const [path, body] = request(source);
      const answer = await api.post<{ data: PorterMissingDuty[] }>(path, body);
      return answer.data;
    },
    staleTime: 0,
  });
