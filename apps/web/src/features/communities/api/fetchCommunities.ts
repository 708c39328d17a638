import type { CommunitiesIndexRequest, CommunitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the administrator's own communities, with their counts (spec 02 §2). */
export function fetchCommunities(request: CommunitiesIndexRequest): Promise<CommunitiesPage> {
  return api.post<CommunitiesPage>("/companies/fincas/index", request);
}
