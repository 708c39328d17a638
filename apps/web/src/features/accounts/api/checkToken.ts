import type { TokenCheckResponse } from "@coordina/domain";
import { api } from "../../../app/api";

/** Which e-mailed link a token page is serving: a password recovery or an invitation/registration. */
export type TokenKind = "recovery" | "invitation";

/** Checks the link's token on load: answers which account (and action) it is for, or throws. */
export async function checkToken(kind: TokenKind, shakey: string): Promise<TokenCheckResponse> {
  const path = kind === "recovery" ? "/companies/user-recovery/check" : "/companies/users/checkin";
  return api.post<TokenCheckResponse>(path, { shakey });
}
