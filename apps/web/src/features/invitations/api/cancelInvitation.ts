import { api } from "../../../app/api";

export async function cancelInvitation(id: number): Promise<void> {
  await api.post(`/companies/invitations/cancel/${id}`);
}
