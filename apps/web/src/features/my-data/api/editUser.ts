import type { EditUserRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Mis datos: changes the user's e-mail (only the caller's own user). */
export async function editUser(userId: number, input: EditUserRequest): Promise<{ id: number; email: string }> {
  const answer = await api.post<{ user: { id: number; email: string } }>(`/companies/users/edit/${userId}`, input);
  return answer.user;
}
