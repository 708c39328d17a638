import type { CommunitiesDefinedRequest, CommunitiesDefinedResponse } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * A page of the administrator's communities, each with what it holds for every per-community definition the
 * administrator uploads (issue 23, /gcomunidades).
 */
export function fetchCommunitiesDefined(request: CommunitiesDefinedRequest): Promise<CommunitiesDefinedResponse> {
  return api.post<CommunitiesDefinedResponse>("/companies/documents/communities-defined", request);
}
