import type { CommunityAddRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** The simple add form: name and tax id; a tax id in use answers company.fincas.cif-taken. */
export async function addCommunity(request: CommunityAddRequest): Promise<{ id: number }> {
  const answer = await api.post<{ data: { id: number } }>("/companies/fincas/add", request);
  return answer.data;
}
