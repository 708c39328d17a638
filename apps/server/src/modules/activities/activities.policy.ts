import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/**
 * Activities are the colegio's list: its staff edit it (list, check, add, delete); the administrators of
 * the colegio read it whole, to filter providers by activity. The roles of each action, which the routes
 * also name.
 */
export const ACTIVITY_ROLES = {
  edit: [Role.colegio],
  read: [Role.colegio, Role.administrador],
} as const satisfies Record<string, readonly number[]>;

export type ActivityAction = keyof typeof ACTIVITY_ROLES;

export const activityPolicy: Policy<ActivityAction, undefined> = {
  can: (caller, action) => (ACTIVITY_ROLES[action] as readonly number[]).includes(caller.role),
};
