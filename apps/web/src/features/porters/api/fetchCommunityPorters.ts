import type { CommunityPortersIndexRequest, CommunityPortersPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of a community's porters with their duties there (4 a page, spec 02 §9). */
export function fetchCommunityPorters(request: CommunityPortersIndexRequest): Promise<CommunityPortersPage> {
  return api.post<CommunityPortersPage>("/porteros/fincas/index", request);
}
