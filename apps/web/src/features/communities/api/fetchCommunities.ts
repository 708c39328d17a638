import type { CommunitiesIndexRequest, CommunitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The first part of the administrator's list query keys (refreshed after adding, deleting or editing). */
export const COMMUNITIES_KEY = queryKeys.communities;

/** A page of the administrator's own communities, with their counts (spec 02 §2). */
export function fetchCommunities(request: CommunitiesIndexRequest): Promise<CommunitiesPage> {
  return api.post<CommunitiesPage>("/companies/fincas/index", request);
}
