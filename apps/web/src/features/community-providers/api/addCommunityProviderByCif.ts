import type { CommunityProviderAddCifRequest, CommunityProviderAdded } from "@coordina/domain";
import { api } from "../../../app/api";

/** Adds a provider to a community by its tax id (`id_company` is the community). */
export async function addCommunityProviderByCif(
  request: CommunityProviderAddCifRequest,
): Promise<CommunityProviderAdded> {
  const answer = await api.post<{ data: CommunityProviderAdded }>("/companies-providers/addcif", request);
  return answer.data;
}
