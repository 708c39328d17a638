import type { RegisterProviderRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Public provider self-registration; the server e-mails a link to finish it. */
export async function registerProvider(input: RegisterProviderRequest): Promise<void> {
  await api.post<{ result: true }>("/companies/companies/register-provider", input);
}
