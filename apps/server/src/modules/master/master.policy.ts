import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/** The master's pages (its colegios, the dashboard, inviting a colegio): the master and the superadministrator. */
export const MASTER_ROLES: readonly number[] = [Role.master, Role.superadministrator];

export const masterPolicy: Policy<"manageColegios", undefined> = {
  can: (caller) => MASTER_ROLES.includes(caller.role),
};
