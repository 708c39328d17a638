import { describe, expect, it } from "vitest";
import { singleFlight } from "./single-flight.js";

/** A piece of work that runs until the test lets it finish, counting how often it was started. */
function gate<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const work = {
    starts: 0,
    run: () => {
      work.starts += 1;
      return new Promise<T>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    finish: (value: T) => finish(value),
    fail: (error: Error) => fail(error),
  };
  return work;
}

describe("singleFlight", () => {
  it("runs the work once for callers that ask the same key while it runs, and again after it ended", async () => {
    const owner = {};
    const work = gate<number>();
    const both = Promise.all([singleFlight(owner, "k", work.run), singleFlight(owner, "k", work.run)]);
    work.finish(42);
    expect(await both).toEqual([42, 42]);
    expect(work.starts).toBe(1);
    const later = singleFlight(owner, "k", work.run);
    work.finish(43);
    expect(await later).toBe(43);
    expect(work.starts).toBe(2);
  });

  it("keeps other keys and other owners apart", async () => {
    const [one, two] = [{}, {}];
    const work = gate<string>();
    const runs = [singleFlight(one, "a", work.run), singleFlight(one, "b", work.run), singleFlight(two, "a", work.run)];
    expect(work.starts).toBe(3);
    work.finish("last");
    await expect(runs[2]).resolves.toBe("last");
  });

  it("hands a failure to every caller of that run, and the next caller starts afresh", async () => {
    const owner = {};
    const work = gate<number>();
    const both = Promise.allSettled([singleFlight(owner, "k", work.run), singleFlight(owner, "k", work.run)]);
    work.fail(new Error("sin conexión"));
    expect((await both).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const retry = singleFlight(owner, "k", work.run);
    work.finish(7);
    expect(await retry).toBe(7);
    expect(work.starts).toBe(2);
  });
});
