import type { RegistrationCompletionRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import type { SetPasswordResult } from "./setPassword";

/** A porter's full sign-up from an invitation: password plus tax id and address. */
export async function completeRegistration(input: RegistrationCompletionRequest): Promise<SetPasswordResult> {
  return api.post<SetPasswordResult>("/companies/users/regchecktotalin", input);
}
