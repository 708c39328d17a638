import type { CommunityUpdateRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Saves a community's name, tax id and contact data (spec 02 §3 'Company edit'). */
export async function updateCommunity(request: CommunityUpdateRequest): Promise<void> {
  await api.post("/companies/fincas/update", request);
}
