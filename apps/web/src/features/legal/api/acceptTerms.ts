import type { TermsAcceptRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * Accepts the version of the conditions that was read (null: the built-in text) in the current colegio; the
 * server also records the accepted-legal setting (spec 02 §3). A newer version saved meanwhile answers 409.
 */
export async function acceptTerms(request: TermsAcceptRequest): Promise<void> {
  await api.post("/settings/legal-texts/accept", request);
}
