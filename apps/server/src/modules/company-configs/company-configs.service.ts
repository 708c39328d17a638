import type { Db } from "../../db/client.js";
import { requireAccess } from "../../lib/access.js";
import type { Actor } from "../../lib/actor.js";
import { companyConfigPolicy } from "./company-configs.policy.js";
import { companyConfigExists, deleteCompanyConfig, upsertCompanyConfig } from "./company-configs.repository.js";

/*
 * A provider's configuration (spec 02 §3 'Provider config', §7 'Provider config'): today one key, `seven-24`
 * (the 24-hour service, value '1'), which others see in every community the provider serves. The schemas
 * admit only the keys and values the calendar knows.
 */

/** companies/company-configs/add: sets the key for the caller's company. */
export async function saveCompanyConfig(db: Db, actor: Actor, key: string, value: string): Promise<void> {
  requireAccess(companyConfigPolicy, actor, "write", undefined);
  await upsertCompanyConfig(db, actor.companyId, key, value);
}

/** companies/company-configs/delete: the key is unset afterwards, whether it was set or not. */
export async function removeCompanyConfig(db: Db, actor: Actor, key: string): Promise<void> {
  requireAccess(companyConfigPolicy, actor, "write", undefined);
  await deleteCompanyConfig(db, actor.companyId, key);
}

/** companies/company-configs/exists: whether the caller's company has the key set. */
export async function hasCompanyConfig(db: Db, actor: Actor, key: string): Promise<boolean> {
  requireAccess(companyConfigPolicy, actor, "read", undefined);
  return companyConfigExists(db, actor.companyId, key);
}
