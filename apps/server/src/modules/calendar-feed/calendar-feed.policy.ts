import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";

/** On the caller's own private iCalendar address (issue 22, item 5): `read` whether it has one, `renew` it. */
export type CalendarFeedAction = "read" | "renew";

/** The roles that have communities whose calendar the feed shows: providers, administrators and porters. */
const WITH_COMMUNITIES: readonly number[] = [Role.gremio, Role.administrador, Role.portero];

/**
 * A user with communities (a provider those it serves, an administrator those it manages, a porter those it
 * works in) keeps its own feed address; everybody else has no calendar to show.
 */
export const calendarFeedPolicy: Policy<CalendarFeedAction, undefined> = {
  can(caller: Caller): boolean {
    return WITH_COMMUNITIES.includes(caller.role);
  },
};
