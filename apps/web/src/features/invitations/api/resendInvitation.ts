import { api } from "../../../app/api";

export async function resendInvitation(id: number): Promise<void> {
  await api.post(`/companies/invitations/resend/${id}`);
}
