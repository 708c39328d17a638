import type { CommunityRegistrationRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** The full add form: the community with its contact data (spec 02 §3 'Community registration payload'). */
export async function registerCommunity(request: CommunityRegistrationRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/fincas/register", request);
  return answer.data;
}
