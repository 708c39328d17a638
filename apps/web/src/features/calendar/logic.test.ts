import { describe, expect, it } from "vitest";
import { addFormReady, addRequest, emptyAddForm } from "./logic";

describe("the 'Añadir entrada' form", () => {
  it("starts on the chosen day at 09:00, ending at 09:00 once an end day is chosen (spec 02 §9)", () => {
    expect(emptyAddForm("2026-11-27")).toEqual({
      startDate: "2026-11-27",
      startTime: "09:00",
      endDate: null,
      endTime: "09:00",
      comment: "",
      notify: false,
    });
  });

  it("is ready with a start, and without an end only while there is no comment (spec 02 §5)", () => {
    const form = emptyAddForm(null);
    expect(addFormReady(form)).toBe(false);
    const started = { ...form, startDate: "2026-11-27" };
    expect(addFormReady(started)).toBe(true);
    expect(addFormReady({ ...started, comment: "Revisión" })).toBe(false);
    expect(addFormReady({ ...started, comment: "   " })).toBe(true);
    expect(addFormReady({ ...started, comment: "Revisión", endDate: "2026-11-27" })).toBe(true);
    expect(addFormReady({ ...started, startTime: "" })).toBe(false);
    expect(addFormReady({ ...started, endDate: "2026-11-27", endTime: "" })).toBe(false);
  });

  it("sends Madrid wall-clock texts, and no end when none was chosen", () => {
    const form = {
      ...emptyAddForm("2026-11-27"),
      endDate: "2026-11-28",
      endTime: "13:30",
      comment: " Ascensor ",
      notify: true,
    };
    expect(addRequest(7, form)).toEqual({
      id_finca: 7,
      startdate: "2026-11-27 09:00",
      enddate: "2026-11-28 13:30",
      comment: "Ascensor",
      notify: true,
    });
    expect(addRequest(7, emptyAddForm("2026-11-27")).enddate).toBeNull();
  });
});
