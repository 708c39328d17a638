import { queryOptions } from "@tanstack/react-query";
import { fetchCurrentTerms } from "./fetchCurrentTerms";

/** The current colegio's conditions and legal advice, inside the app (the colegio is part of the key). */
export const currentTermsQuery = (colegioId: number) =>
  queryOptions({ queryKey: ["current-terms", colegioId] as const, queryFn: () => fetchCurrentTerms() });
