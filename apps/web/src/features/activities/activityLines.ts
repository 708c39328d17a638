/**
 * The bulk add of activities (spec 01 §2, §4): one activity per line. Each non-empty trimmed line is
 * checked for existence and added when absent, one request at a time; a failed call is kept as a failed
 * line with its reason, and only those are tried again on 'Reintentar'.
 */
import { ACTIVITY_NAME_MAX } from "@coordina/domain";

export interface ParsedLines {
  /** the names to check, trimmed, first spelling kept, in the order typed */
  names: string[];
  /** non-empty lines left out because an earlier line names the same activity (case does not matter) */
  repeated: number;
  /** names longer than the server accepts */
  tooLong: string[];
}

const sameName = (name: string) => name.toLocaleLowerCase("es");

export function parseActivityLines(text: string): ParsedLines {
  const seen = new Set<string>();
  const names: string[] = [];
  let repeated = 0;
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim();
    if (!name) continue;
    const key = sameName(name);
    if (seen.has(key)) {
      repeated++;
      continue;
    }
    seen.add(key);
    names.push(name);
  }
  return { names, repeated, tooLong: names.filter((n) => n.length > ACTIVITY_NAME_MAX) };
}

export type LineOutcome =
  | { name: string; status: "added" }
  | { name: string; status: "existing" }
  | { name: string; status: "failed"; error: string };

export interface ScanCalls {
  exists: (name: string) => Promise<boolean>;
  add: (name: string) => Promise<unknown>;
  /** an add refused because the activity is there already (another request added it first) */
  isDuplicate: (error: unknown) => boolean;
  /** the text shown for a failed call */
  describe: (error: unknown) => string;
}

async function scanLine(name: string, calls: ScanCalls): Promise<LineOutcome> {
  try {
    if (await calls.exists(name)) return { name, status: "existing" };
  } catch (error) {
    return { name, status: "failed", error: calls.describe(error) };
  }
  try {
    await calls.add(name);
    return { name, status: "added" };
  } catch (error) {
    if (calls.isDuplicate(error)) return { name, status: "existing" };
    return { name, status: "failed", error: calls.describe(error) };
  }
}

/**
 * Checks (and adds) the names one after another; `onProgress` hears how many are done after each.
 * `stopped` ends the run early (the modal went away); what was not reached is left out.
 */
export async function scanActivities(
  names: readonly string[],
  calls: ScanCalls,
  onProgress: (done: number) => void,
  stopped: () => boolean = () => false,
): Promise<LineOutcome[]> {
  const outcomes: LineOutcome[] = [];
  for (const name of names) {
    if (stopped()) break;
    outcomes.push(await scanLine(name, calls));
    onProgress(outcomes.length);
  }
  return outcomes;
}

/** The outcomes after a retry: each retried line replaces its earlier failure, in the original order. */
export function mergeOutcomes(previous: readonly LineOutcome[], retried: readonly LineOutcome[]): LineOutcome[] {
  const latest = new Map(retried.map((o) => [o.name, o]));
  const merged = previous.map((o) => latest.get(o.name) ?? o);
  const known = new Set(previous.map((o) => o.name));
  return [...merged, ...retried.filter((o) => !known.has(o.name))];
}

export interface ScanSummary {
  added: number;
  existing: number;
  failed: Extract<LineOutcome, { status: "failed" }>[];
}

export function summarize(outcomes: readonly LineOutcome[]): ScanSummary {
  const failed: ScanSummary["failed"] = [];
  let added = 0;
  let existing = 0;
  for (const o of outcomes) {
    if (o.status === "added") added++;
    else if (o.status === "existing") existing++;
    else failed.push(o);
  }
  return { added, existing, failed };
}
