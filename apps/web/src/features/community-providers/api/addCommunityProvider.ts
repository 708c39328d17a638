import type {
  CommunityProviderAddCifRequest,
  CommunityProviderAdded,
  CommunityProviderAddRequest,
} from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { refreshCommunityProviders } from "./refreshCommunityProviders";

/** Adds a provider of the colegio to a community (`id_company` is the community). */
async function addCommunityProvider(request: CommunityProviderAddRequest): Promise<CommunityProviderAdded> {
  const answer = await api.post<{ data: CommunityProviderAdded }>("/companies-providers/add", request);
  return answer.data;
}

/** Adds a provider to a community by its tax id (`id_company` is the community). */
async function addCommunityProviderByCif(request: CommunityProviderAddCifRequest): Promise<CommunityProviderAdded> {
  const answer = await api.post<{ data: CommunityProviderAdded }>("/companies-providers/addcif", request);
  return answer.data;
}

/**
 * Adds a provider to `communityId`, picked from the list or by its tax id: once added its providers and
 * figures reload; the picker's 'Ya añadido' follows what the server now says after a success or a refusal
 * alike (previous-exists).
 */
export function useAddCommunityProvider(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { id_provider: number } | { cif: string }) =>
      "cif" in request
        ? addCommunityProviderByCif({ cif: request.cif, id_company: communityId })
        : addCommunityProvider({ id_provider: request.id_provider, id_company: communityId }),
    onSuccess: () => refreshCommunityProviders(queryClient, communityId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [queryKeys.providerPicker] }),
  });
}
