import type { PorterFincaRequest } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { refreshPorters } from "../../../shared/porter-registration/api/refreshPorters";

/** Takes a porter out of one community; its documents and read marks stay (porteros/portero/drop). */
async function dropPorter(request: PorterFincaRequest): Promise<void> {
  await api.post("/porteros/portero/drop", request);
}

/**
 * Takes a porter out of `communityId`; its porters, the summary and the community reload, whatever the
 * answer, before the mutation resolves (the row is gone when 'Quitar' lets go).
 */
export function useDropPorter(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (porterId: number) => dropPorter({ id_portero: porterId, id_finca: communityId }),
    onSettled: () => refreshPorters(queryClient, communityId),
  });
}
