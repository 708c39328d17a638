import type { CommunityProviderRow } from "@coordina/domain";
import { fetchCommunityProviders } from "./fetchCommunityProviders";

/** Query key of one provider's row in one community. */
export const communityProviderKey = (idFinca: number, idProvider: number) =>
  ["community-provider", idFinca, idProvider] as const;

/** The row of a provider among a community's providers, or null when it does not serve the community. */
export async function findCommunityProvider(idFinca: number, idProvider: number): Promise<CommunityProviderRow | null> {
  const answer = await fetchCommunityProviders({ idFinca, id_provider: idProvider, page: 1, limit: 1 });
  return answer.data[0] ?? null;
}
