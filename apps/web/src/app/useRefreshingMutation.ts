import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * An operation's mutation with the lists it changes: the queries under those key prefixes (queryKeys)
 * reload once it succeeded or, with "settled", whatever the answer (a row may have changed anyway). The
 * refresh is not waited for, so the screen answers at once.
 */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  prefixes: readonly string[] | ((variables: TVariables) => readonly string[]),
  when: "success" | "settled" = "success",
) {
  const queryClient = useQueryClient();
  const reload = (variables: TVariables) => {
    for (const prefix of typeof prefixes === "function" ? prefixes(variables) : prefixes)
      void queryClient.invalidateQueries({ queryKey: [prefix] });
  };
  return useMutation({
    mutationFn,
    onSuccess: when === "success" ? (_data, variables) => reload(variables) : undefined,
    onSettled: when === "settled" ? (_data, _error, variables) => reload(variables) : undefined,
  });
}
