import type { PorterRow } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshPorters } from "./refreshPorters";

/** The porter form's add: by e-mail, or in testing mode with the new porter's password and NIF. */
export interface PorterRegistration {
  email: string;
  test?: { password: string; nif: string };
}

/**
 * Adds the porter with that e-mail to the community (porteros/registry/register), or in testing mode creates
 * it and adds it (registerTest); answers its row.
 */
async function registerPorter(communityId: number, { email, test }: PorterRegistration): Promise<PorterRow> {
  const answer = test
    ? await api.post<{ data: PorterRow }>("/porteros/registry/registerTest", { email, id_finca: communityId, ...test })
    : await api.post<{ data: PorterRow }>("/porteros/registry/register", { email, id_finca: communityId });
  return answer.data;
}

/**
 * Adds a porter to `communityId`; once added its porters, the summary and the community's figures reload
 * before the mutation resolves.
 */
export function useRegisterPorter(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registration: PorterRegistration) => registerPorter(communityId, registration),
    onSuccess: () => refreshPorters(queryClient, communityId),
  });
}
