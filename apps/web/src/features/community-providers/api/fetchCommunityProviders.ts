import type { CommunityProvidersIndexRequest, CommunityProvidersPage } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * A page of the providers serving a community. Without `limit` the server picks the page size (spec 02
 * §9: "from the server, default 8") and says which in `pagination.limit`.
 */
export function fetchCommunityProviders(request: CommunityProvidersIndexRequest): Promise<CommunityProvidersPage> {
  return api.post<CommunityProvidersPage>("/companies-providers/index", request);
}
