import { CALENDAR } from "@coordina/domain";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

const KEY = { key: CALENDAR.seven24Key };

/**
 * Whether the provider offers the 24-hour service (companies/company-configs/exists). The server answers
 * `{result:false}` with HTTP 200 when the key is not set; the api client throws on any `result:false`, so an
 * ApiError of status 200 is that answer, not a failure (a refusal comes with its 4xx status).
 */
async function fetchSeven24(): Promise<boolean> {
  try {
    await api.post("/companies/company-configs/exists", KEY);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 200) return false;
    throw error;
  }
}

export const seven24Query = () => queryOptions({ queryKey: [queryKeys.seven24] as const, queryFn: fetchSeven24 });

/** Ticking saves the key with value '1', unticking deletes it (spec 02 §4 '24h service'). */
async function setSeven24(offered: boolean): Promise<boolean> {
  if (offered) await api.post("/companies/company-configs/add", { ...KEY, value: CALENDAR.seven24Value });
  else await api.post("/companies/company-configs/delete", KEY);
  return offered;
}

/**
 * Turns the 24-hour service on or off. Once saved the checkbox shows the new state at once; then, whatever
 * the answer, the state is read again from the server, which the checkbox follows (and the months too).
 */
export function useSetSeven24() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSeven24,
    onSuccess: (offered) => queryClient.setQueryData(seven24Query().queryKey, offered),
    onSettled: () => {
      // The communities' months show the service beside the entries.
      void queryClient.invalidateQueries({ queryKey: [queryKeys.calendarMonth] });
      return queryClient.invalidateQueries({ queryKey: [queryKeys.seven24] });
    },
  });
}
