import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, stubServer } from "../../../../test/fakeServer";
import { NOTICE_PACE, sendCoincidenceNotices } from "./sendNotices";

const SEND = "/companies/calendar-fincas/send";
const NOTIFY = "/notify/notification-queues/send";

describe("sending the notices of an entry's coincidences (spec 01 §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends each notice not sent yet, one at a time: the first after 300 ms, then one a second", async () => {
    const calls = stubServer((path, body) =>
      path === SEND
        ? json(200, {
            result: true,
            notifications: [
              { id: 41, sent: false },
              { id: 42, sent: true },
              { id: 43, sent: false },
            ],
          })
        : json(200, { result: true, event: { id: body.id } }),
    );
    const progress: number[] = [];
    const done = sendCoincidenceNotices(9, [{ kind: "entry", ref: 5 }], NOTICE_PACE, (f) => progress.push(f));
    const notified = () => calls.filter((c) => c.path === NOTIFY).map((c) => c.body.id);

    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]).toEqual({ path: SEND, body: { id: 9, cons: [{ kind: "entry", ref: 5 }] } });
    expect(notified()).toEqual([]);
    await vi.advanceTimersByTimeAsync(299);
    expect(notified()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(notified()).toEqual([41]);
    await vi.advanceTimersByTimeAsync(999);
    expect(notified()).toEqual([41]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    // 42 was sent already: it is not asked again.
    expect(notified()).toEqual([41, 43]);
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it("stops at the first failure", async () => {
    const calls = stubServer((path) =>
      path === SEND
        ? json(200, {
            result: true,
            notifications: [
              { id: 41, sent: false },
              { id: 43, sent: false },
            ],
          })
        : json(500, { result: false, error: "error.generic-error" }),
    );
    const done = sendCoincidenceNotices(9, [{ kind: "seven24", ref: 50 }], { startMs: 0, betweenMs: 0 }, () => {});
    const failed = expect(done).rejects.toBeTruthy();
    await vi.runAllTimersAsync();
    await failed;
    expect(calls.filter((c) => c.path === NOTIFY)).toHaveLength(1);
  });
});
