import type { LegalTextsOverview } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";

export const LEGAL_TEXTS_KEY = ["legal-texts"] as const;

/** The colegio's current legal texts (null: never saved) and every version, newest first. */
async function fetchLegalTexts(): Promise<LegalTextsOverview> {
  const answer = await api.get<{ data: LegalTextsOverview }>("/settings/legal-texts");
  return answer.data;
}

export const legalTextsQuery = () => queryOptions({ queryKey: LEGAL_TEXTS_KEY, queryFn: fetchLegalTexts });
