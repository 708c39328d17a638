import type { LegalText, LegalTextSaveRequest } from "@coordina/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { LEGAL_TEXTS_KEY } from "./fetchLegalTexts";

/** Saves a new dated version of one text; the server stores it sanitized and answers what it stored. */
async function saveLegalText(request: LegalTextSaveRequest): Promise<LegalText> {
  const answer = await api.post<{ data: LegalText }>("/settings/legal-texts/add", request);
  return answer.data;
}

/** 'Guardar': the texts and the versions' list are read again. */
export function useSaveLegalText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLegalText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEGAL_TEXTS_KEY }),
  });
}
