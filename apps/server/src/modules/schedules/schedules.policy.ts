import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";

/**
 * On a provider's weekly schedules (spec 02 §2 'Provider configuration and schedule'):
 * - `list`: read them; `add`: add one; `delete`: delete one.
 */
export type ScheduleAction = "list" | "add" | "delete";

/** The company whose schedules the action is on (for `delete`, the schedule's company). */
export interface ScheduleFacts {
  companyId: number;
}

/**
 * A provider (gremio) keeps its own company's weekly schedules; others see them only beside a community's
 * calendar (the calendar module). Nobody reads or changes another company's here.
 */
export const schedulePolicy: Policy<ScheduleAction, ScheduleFacts> = {
  can(caller: Caller, _action: ScheduleAction, facts: ScheduleFacts): boolean {
    return caller.role === Role.gremio && facts.companyId === caller.companyId;
  },
};
