import type { PendingEmailChange } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";

export const pendingEmailChangeKey = ["my-data", "email-change"] as const;

/** The change of e-mail still waiting for its confirmation link to be opened, or null. */
async function fetchPendingEmailChange(): Promise<PendingEmailChange | null> {
  const answer = await api.get<{ data: PendingEmailChange | null }>("/companies/users/email-change");
  return answer.data;
}

export const pendingEmailChangeQuery = queryOptions({
  queryKey: pendingEmailChangeKey,
  queryFn: fetchPendingEmailChange,
});
