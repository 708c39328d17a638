import type { CommunityProviderAdded, CommunityProviderAddRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Adds a provider of the colegio to a community (`id_company` is the community). */
export async function addCommunityProvider(request: CommunityProviderAddRequest): Promise<CommunityProviderAdded> {
  const answer = await api.post<{ data: CommunityProviderAdded }>("/companies-providers/add", request);
  return answer.data;
}
