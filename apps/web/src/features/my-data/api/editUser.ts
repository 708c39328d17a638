import type { EditUserRequest, EditUserResponse } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { pendingEmailChangeKey } from "./fetchPendingEmailChange";

/**
 * Mis datos: asks to change the user's e-mail (only the caller's own user). Nothing changes yet: the
 * answer is the user as it is and the change now waiting for the link mailed to the new address.
 */
async function editUser(userId: number, input: EditUserRequest): Promise<EditUserResponse> {
  return api.post<EditUserResponse>(`/companies/users/edit/${userId}`, input);
}

/** The save of 'Mis datos'; the pending change shown on the page becomes the one just asked for. */
export function useEditUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => editUser(userId, { email }),
    onSuccess: (answer) => {
      if (answer.pending) queryClient.setQueryData(pendingEmailChangeKey, answer.pending);
    },
  });
}
