import type { RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { callerOf, ROLE_NAMES } from "../../../test/policy-callers.js";
import { type CalendarFeedAction, calendarFeedPolicy } from "./calendar-feed.policy.js";

const ACTIONS: CalendarFeedAction[] = ["read", "renew"];
const BOTH = ACTIONS;
const TABLE: Record<RoleName, CalendarFeedAction[]> = {
  superadministrator: [],
  master: [],
  sat: [],
  colegio: [],
  administrador: BOTH,
  gremio: BOTH,
  portero: BOTH,
  finca: [],
  unknown: [],
};

describe("the iCalendar feed: the roles that have communities", () => {
  it("has a row for every role", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it.each(ROLE_NAMES)("%s", (roleName) => {
    const caller = callerOf(roleName);
    expect(ACTIONS.filter((action) => calendarFeedPolicy.can(caller, action, undefined))).toEqual(TABLE[roleName]);
  });
});
