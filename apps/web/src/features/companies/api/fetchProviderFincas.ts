import type { ProviderFincasIndexRequest, ProviderFincasPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** First part of the query key of a provider's communities (every page). */
export const PROVIDER_FINCAS_KEY = "provider-fincas";

/**
 * A page of the colegio's communities one provider serves, with its uploads and reads there (spec 02 §3
 * "Provider's community list row"), searched and sorted on the server.
 */
export function fetchProviderFincas(
  providerId: number,
  request: ProviderFincasIndexRequest,
): Promise<ProviderFincasPage> {
  return api.post<ProviderFincasPage>(`/companies/colegio-providers/fincas/${providerId}`, request);
}
