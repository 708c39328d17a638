import type { Db } from "../../db/client.js";
import type { BackgroundTasks } from "../../lib/background.js";
import type { RateLimit } from "../../lib/rate-limit.js";
import type { Mailer } from "../mail/mailer.js";

/** Limits on the calls that send e-mail, so nobody can flood a mailbox through Coordina. */
export interface AccountLimits {
  recoverPerEmail: RateLimit;
  recoverPerIp: RateLimit;
  registerPerEmail: RateLimit;
  registerPerIp: RateLimit;
  invitePerUser: RateLimit;
  /** NIF lookups of the colegio's add form (each names a company's manager) */
  lookupPerUser: RateLimit;
  /** Mis datos: requests to change one's e-mail (each mails a link to an address the user chose) */
  emailChangePerUser: RateLimit;
  /** inclusion requests filed (each mails the colegio's staff), per provider company and per user */
  inclusionPerCompany: RateLimit;
  inclusionPerUser: RateLimit;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  recoverPerEmail: { max: 5, windowSeconds: 3600 },
  recoverPerIp: { max: 30, windowSeconds: 3600 },
  registerPerEmail: { max: 3, windowSeconds: 3600 },
  registerPerIp: { max: 10, windowSeconds: 3600 },
  invitePerUser: { max: 100, windowSeconds: 3600 },
  lookupPerUser: { max: 300, windowSeconds: 3600 },
  emailChangePerUser: { max: 10, windowSeconds: 3600 },
  inclusionPerCompany: { max: 20, windowSeconds: 3600 },
  inclusionPerUser: { max: 10, windowSeconds: 3600 },
};

export interface AccountsContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  limits: AccountLimits;
  /** work done after the answer (see startRecovery) */
  background: BackgroundTasks;
}

/** Links in e-mails open the web app's token pages (hash routes). */
export function tokenLink(ctx: AccountsContext, page: "recovery" | "invitation" | "email-change", token: string) {
  return `${ctx.publicUrl}/webapp/#/${page}?token=${token}`;
}
