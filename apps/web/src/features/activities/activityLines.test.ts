import { ACTIVITY_NAME_MAX } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import {
  type LineOutcome,
  mergeOutcomes,
  parseActivityLines,
  type ScanCalls,
  scanActivities,
  summarize,
} from "./activityLines";

class Refused extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

function fakeServer(existing: string[], failing: string[] = []) {
  const names = new Set(existing.map((n) => n.toLowerCase()));
  const log: string[] = [];
  const calls: ScanCalls = {
    exists: async (name) => {
      log.push(`exists ${name}`);
      if (failing.includes(name)) throw new Refused("error.generic-error");
      return names.has(name.toLowerCase());
    },
    add: async (name) => {
      log.push(`add ${name}`);
      if (names.has(name.toLowerCase())) throw new Refused("activities.exists");
      names.add(name.toLowerCase());
    },
    isDuplicate: (error) => error instanceof Refused && error.key === "activities.exists",
    describe: (error) => (error instanceof Refused ? `texto de ${error.key}` : "?"),
  };
  return { calls, log, names };
}

describe("activity lines", () => {
  it("takes each non-empty trimmed line once, whatever its case, in the order typed", () => {
    const parsed = parseActivityLines("  Fontanería \n\nELECTRICIDAD\r\nfontanería\n   \nPintura\nelectricidad");
    expect(parsed.names).toEqual(["Fontanería", "ELECTRICIDAD", "Pintura"]);
    expect(parsed.repeated).toBe(2);
    expect(parsed.tooLong).toEqual([]);
  });

  it("points out names longer than the server accepts", () => {
    const long = "a".repeat(ACTIVITY_NAME_MAX + 1);
    expect(parseActivityLines(`Jardinería\n${long}`).tooLong).toEqual([long]);
    expect(parseActivityLines("a".repeat(ACTIVITY_NAME_MAX)).tooLong).toEqual([]);
  });

  it("has nothing to do for an empty text", () => {
    expect(parseActivityLines(" \n\n ")).toEqual({ names: [], repeated: 0, tooLong: [] });
  });
});

describe("scanning", () => {
  it("checks each name, adds the absent ones one at a time and reports progress after each", async () => {
    const server = fakeServer(["Pintura"]);
    const progress: number[] = [];
    const outcomes = await scanActivities(["Fontanería", "pintura", "Jardinería"], server.calls, (d) =>
      progress.push(d),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["added", "existing", "added"]);
    expect(progress).toEqual([1, 2, 3]);
    expect(server.log).toEqual([
      "exists Fontanería",
      "add Fontanería",
      "exists pintura",
      "exists Jardinería",
      "add Jardinería",
    ]);
  });

  it("counts an add refused as a duplicate (someone added it meanwhile) as existing", async () => {
    const server = fakeServer([]);
    server.calls.exists = async () => false;
    server.names.add("cerrajería");
    const [outcome] = await scanActivities(["Cerrajería"], server.calls, () => {});
    expect(outcome).toEqual({ name: "Cerrajería", status: "existing" });
  });

  it("keeps a failed call as a failed line with its text and goes on", async () => {
    const server = fakeServer([], ["Limpieza"]);
    const outcomes = await scanActivities(["Limpieza", "Ascensores"], server.calls, () => {});
    expect(outcomes).toEqual([
      { name: "Limpieza", status: "failed", error: "texto de error.generic-error" },
      { name: "Ascensores", status: "added" },
    ]);
  });

  it("stops when told to", async () => {
    let calls = 0;
    const server = fakeServer([]);
    const outcomes = await scanActivities(
      ["A", "B", "C"],
      server.calls,
      () => calls++,
      () => calls >= 1,
    );
    expect(outcomes).toHaveLength(1);
  });

  it("replaces only the retried failures and summarizes the counts", () => {
    const first: LineOutcome[] = [
      { name: "A", status: "added" },
      { name: "B", status: "failed", error: "x" },
      { name: "C", status: "existing" },
      { name: "D", status: "failed", error: "y" },
    ];
    const merged = mergeOutcomes(first, [
      { name: "B", status: "added" },
      { name: "D", status: "failed", error: "z" },
    ]);
    expect(merged.map((o) => o.status)).toEqual(["added", "added", "existing", "failed"]);
    expect(summarize(merged)).toEqual({ added: 2, existing: 1, failed: [{ name: "D", status: "failed", error: "z" }] });
  });
});
