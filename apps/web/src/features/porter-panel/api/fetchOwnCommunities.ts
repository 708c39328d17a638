import { type OwnCommunitiesPage, PAGE_SIZE } from "@coordina/domain";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

export interface OwnCommunitiesRequest {
  page: number;
  filter: string;
}

/**
 * A page of the porter's own communities, with its duties in each (spec 02 §2 'Porter's own view'; own
 * communities index, limit 100), by name.
 */
function fetchOwnCommunities({ page, filter }: OwnCommunitiesRequest): Promise<OwnCommunitiesPage> {
  return api.post<OwnCommunitiesPage>("/porteros/comunidades/index", {
    page,
    limit: PAGE_SIZE.ownCommunities,
    filter,
    sortBy: "name",
    sortDesc: "ASC",
  });
}

export const ownCommunitiesQuery = (request: OwnCommunitiesRequest) =>
  queryOptions({
    queryKey: [queryKeys.ownCommunities, request] as const,
    queryFn: () => fetchOwnCommunities(request),
    placeholderData: keepPreviousData,
  });
