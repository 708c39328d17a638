import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache.js";

/** A cache of 5 s and 3 entries on a clock the test moves. */
function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, cache: new SessionCache<string>(5_000, 3, () => clock.now) };
}
const farAway = new Date(Date.UTC(2100, 0, 1));

describe("SessionCache", () => {
  it("gives back what a lookup kept until its seconds have passed, then asks again", () => {
    const { clock, cache } = cacheAt();
    cache.keep("a", "Ana", cache.generation, farAway);
    clock.now += 4_999;
    expect(cache.get("a")).toBe("Ana");
    clock.now += 1;
    expect(cache.get("a")).toBeUndefined();
  });

  it("never keeps a session past its expiry", () => {
    const { clock, cache } = cacheAt();
    cache.keep("a", "Ana", cache.generation, new Date(clock.now + 1_000));
    clock.now += 999;
    expect(cache.get("a")).toBe("Ana");
    clock.now += 1;
    expect(cache.get("a")).toBeUndefined();
  });

  it("forgets everything when emptied, and does not keep a lookup that started before", () => {
    const { cache } = cacheAt();
    cache.keep("a", "Ana", cache.generation, farAway);
    const started = cache.generation;
    cache.empty();
    expect(cache.get("a")).toBeUndefined();
    // A lookup that read the database before the write that emptied the cache may have read the old state.
    cache.keep("b", "Benito", started, farAway);
    expect(cache.get("b")).toBeUndefined();
    cache.keep("b", "Benito", cache.generation, farAway);
    expect(cache.get("b")).toBe("Benito");
  });

  it("holds at most its number of entries, dropping the oldest kept", () => {
    const { cache } = cacheAt();
    for (const name of ["a", "b", "c", "d"]) cache.keep(name, name.toUpperCase(), cache.generation, farAway);
    expect(["a", "b", "c", "d"].map((name) => cache.get(name))).toEqual([undefined, "B", "C", "D"]);
    // Kept again, an entry becomes the newest.
    cache.keep("b", "B2", cache.generation, farAway);
    cache.keep("e", "E", cache.generation, farAway);
    expect(["b", "c", "d", "e"].map((name) => cache.get(name))).toEqual(["B2", undefined, "D", "E"]);
  });

  it("keeps nothing whose expiry is not a date", () => {
    const { cache } = cacheAt();
    cache.keep("a", "Ana", cache.generation, new Date(Number.NaN));
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps nothing when its time is zero", () => {
    const cache = new SessionCache<string>(0, 3);
    cache.keep("a", "Ana", cache.generation, farAway);
    expect(cache.get("a")).toBeUndefined();
  });
});
