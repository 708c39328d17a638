import type { CommunityProvidersIndexRequest, CommunityProvidersPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** First part of the query key of every page of a community's providers. */
export const COMMUNITY_PROVIDERS_KEY = "community-providers";

/**
 * A page of the providers serving a community. Without `limit` the server picks the page size (spec 02
 * §9: "from the server, default 8") and says which in `pagination.limit`.
 */
export function fetchCommunityProviders(request: CommunityProvidersIndexRequest): Promise<CommunityProvidersPage> {
  return api.post<CommunityProvidersPage>("/companies-providers/index", request);
}
