import { describe, expect, it } from "vitest";
import { joinWeekdays, type ScheduleFields, scheduleComplete, scheduleDraft } from "./scheduleForm";

const FILLED: ScheduleFields = {
  title: "Guardia nocturna",
  weekdays: [3, 1],
  starttime: "22:00",
  endtime: "06:00",
  expires: false,
  obsolete: null,
};

describe("a schedule's weekdays", () => {
  it("are sent Monday first, joined with commas, once each", () => {
    expect(joinWeekdays([5, 1, 3, 1])).toBe("1,3,5");
    expect(joinWeekdays([7])).toBe("7");
  });
});

describe("the schedule form (spec 02 §5)", () => {
  it("is complete with a title, a weekday and both times", () => {
    expect(scheduleComplete(FILLED)).toBe(true);
  });

  it("is not complete with a blank title, no weekday, or a time missing", () => {
    const lacking: Partial<ScheduleFields>[] = [
      { title: "   " },
      { weekdays: [] },
      { starttime: "" },
      { endtime: "" },
      { expires: true, obsolete: null },
    ];
    expect(lacking.length).toBeGreaterThan(0);
    for (const change of lacking)
      expect(scheduleComplete({ ...FILLED, ...change }), JSON.stringify(change)).toBe(false);
  });

  it("sends the weekdays joined with commas and the expiry only when its box is ticked", () => {
    expect(scheduleDraft({ ...FILLED, title: " Guardia " })).toEqual({
      title: "Guardia",
      weekday: "1,3",
      starttime: "22:00",
      endtime: "06:00",
      obsolete: null,
    });
    expect(scheduleDraft({ ...FILLED, obsolete: "2027-01-31" }).obsolete).toBeNull();
    expect(scheduleDraft({ ...FILLED, expires: true, obsolete: "2027-01-31" }).obsolete).toBe("2027-01-31");
  });
});
