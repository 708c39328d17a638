import type { CommunityProviderRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../../app/queryKeys";
import { fetchCommunityProviders } from "./fetchCommunityProviders";

/** The row of a provider among a community's providers, or null when it does not serve the community. */
async function findCommunityProvider(idFinca: number, idProvider: number): Promise<CommunityProviderRow | null> {
  const answer = await fetchCommunityProviders({ idFinca, id_provider: idProvider, page: 1, limit: 1 });
  return answer.data[0] ?? null;
}

export const communityProviderQuery = (idFinca: number, idProvider: number) =>
  queryOptions({
    queryKey: queryKeys.communityProvider(idFinca, idProvider),
    queryFn: () => findCommunityProvider(idFinca, idProvider),
  });
