import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/**
 * The dashboards (`/dashboard`): the colegio's staff read their colegio's, an administrator reads its own
 * communities'. The figures are scoped by the caller itself (its colegio, its company), never by an id the
 * request names: there is nothing of another colegio or administrator to ask for.
 */
export const DASHBOARD_ROLES = { colegio: [Role.colegio], administrador: [Role.administrador] } as const;

export type DashboardAction = keyof typeof DASHBOARD_ROLES;

export const dashboardPolicy: Policy<DashboardAction, undefined> = {
  can: (caller, action) => (DASHBOARD_ROLES[action] as readonly number[]).includes(caller.role),
};
