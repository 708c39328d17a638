import type { CurrentTerms } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * The conditions of use the caller must accept in the current colegio (its newest version, or the built-in
 * text), whether they are accepted, and the colegio's legal advice. Right after login, before the session is
 * stored, `token` and the colegio chosen automatically (`colegioId`) are given.
 */
export async function fetchCurrentTerms(token?: string, colegioId?: number): Promise<CurrentTerms> {
  const path = "/settings/legal-texts/terms";
  const query = colegioId !== undefined ? { colg_id: colegioId } : undefined;
  const answer = token
    ? await api.getWithToken<{ data: CurrentTerms }>(token, path, query)
    : await api.get<{ data: CurrentTerms }>(path, query);
  return answer.data;
}
