import type { InvitationsIndexRequest, InvitationsPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the invitations sent by the caller's company. */
export function fetchInvitations(request: InvitationsIndexRequest): Promise<InvitationsPage> {
  return api.post<InvitationsPage>("/companies/invitations/index", request);
}
