import type { PasswordSetRequest } from "@coordina/domain";
import { api } from "../../../app/api";
import type { TokenKind } from "./checkToken";

/** What a successful set-password answer may carry: a warning key for a partial success. */
export interface SetPasswordResult {
  result: true;
  warning?: string;
}

/** Sets the password of a recovery link, or accepts an invitation/registration with a password. */
export async function setPassword(kind: TokenKind, input: PasswordSetRequest): Promise<SetPasswordResult> {
  const path = kind === "recovery" ? "/companies/user-recovery/update" : "/companies/users/regcheckin";
  return api.post<SetPasswordResult>(path, input);
}
