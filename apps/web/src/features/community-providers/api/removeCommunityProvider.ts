import { api } from "../../../app/api";

/** Takes a provider out of a community; `linkId` is the row's `id` (the link, not the provider). */
export async function removeCommunityProvider(linkId: number): Promise<void> {
  await api.post(`/companies-providers/delete/${linkId}`);
}
