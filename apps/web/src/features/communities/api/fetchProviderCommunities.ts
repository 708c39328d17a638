import type { ProviderCommunitiesIndexRequest, ProviderCommunitiesPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the communities the calling provider serves (spec 02 §2 'Communities list for a provider'). */
export function fetchProviderCommunities(request: ProviderCommunitiesIndexRequest): Promise<ProviderCommunitiesPage> {
  return api.post<ProviderCommunitiesPage>("/companies/fincas/provider", request);
}
