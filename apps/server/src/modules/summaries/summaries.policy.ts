import { Role } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/** The summaries of a colegio's member companies are read by the colegio's staff, of their own colegio. */
export const SUMMARY_ROLES: readonly number[] = [Role.colegio];

export const summaryPolicy: Policy<"read", undefined> = {
  can: (caller) => SUMMARY_ROLES.includes(caller.role),
};
