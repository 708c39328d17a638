import type { MarkReadRequest } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { showsReading } from "../readingQueries";

/** The caller's company marks a document read in a community (spec 02 §3 'Mark-as-read payload'). */
async function markRead(request: Omit<MarkReadRequest, "readed">): Promise<number> {
  const answer = await api.post<{ read_identifier: number }>("/companies/providers/mark_read", {
    readed: true,
    ...request,
  });
  return answer.read_identifier;
}

/** Marks a document read; what shows the mark reloads, whatever the answer, before the button lets go. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: (_, __, request) =>
      queryClient.invalidateQueries({ predicate: (query) => showsReading(query.queryKey, Number(request.id_finca)) }),
  });
}
