import type { RecoverRequest } from "@coordina/domain";
import { api } from "../../../app/api";

/** Asks for a password-recovery e-mail (spec 01 §2, users/recover). */
export async function requestRecovery(input: RecoverRequest): Promise<void> {
  await api.post<{ result: true }>("/companies/users/recover", input);
}
