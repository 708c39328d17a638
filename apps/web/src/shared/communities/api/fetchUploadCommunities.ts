import { Role } from "@coordina/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** A community the caller uploads for: its id, name and tax id. */
export interface UploadCommunity {
  id: number;
  name: string;
  cif: string;
}

/** How many communities the picker shows for one search. */
export const UPLOAD_COMMUNITIES_LIMIT = 20;

/**
 * The caller's communities by name, searched (name or tax id), for a picker: the administrator's own
 * (companies/fincas/index), those a provider serves (companies/fincas/provider) or a porter's
 * (porteros/comunidades/index): the lists each role already has, first page only.
 */
function fetchUploadCommunities(role: number, filter: string): Promise<{ data: UploadCommunity[]; count: number }> {
  const body = { page: 1, limit: UPLOAD_COMMUNITIES_LIMIT, filter, sortBy: "name", sortDesc: "ASC" };
  const path =
    role === Role.administrador
      ? "/companies/fincas/index"
      : role === Role.portero
        ? "/porteros/comunidades/index"
        : "/companies/fincas/provider";
  return api.post(path, body);
}

export const uploadCommunitiesQuery = (role: number, filter: string) =>
  queryOptions({
    queryKey: [
      role === Role.administrador
        ? queryKeys.communities
        : role === Role.portero
          ? queryKeys.ownCommunities
          : queryKeys.providerCommunities,
      { picker: true, filter },
    ] as const,
    queryFn: () => fetchUploadCommunities(role, filter),
    placeholderData: keepPreviousData,
  });
