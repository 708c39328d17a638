import { Role } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { memberOfAnyColegio } from "./inclusion.repository.js";

/**
 * A provider with no colegio chosen that belongs to no active colegio (one that registered on its own): it
 * owes nothing anywhere, so the calls that need a colegio answer it with nothing instead of asking it to
 * choose one it cannot choose (issue 21). Every other caller without a colegio must still choose.
 */
export async function providerInNoColegio(db: Db, actor: Actor): Promise<boolean> {
  return actor.role === Role.gremio && actor.colegioId === null && !(await memberOfAnyColegio(db, actor.companyId));
}
