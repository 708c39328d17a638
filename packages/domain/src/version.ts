// A named import, so the web bundle holds this one string and not the whole package.json. Plain Node
// would want a default import `with { type: "json" }`: the domain runs under tsx, Vite and Vitest only
// (the browser journeys read the version from /health).
import { version } from "../../../package.json";

/** A version as the app shows it (spec 01 §9 writes 1.10.07): the patch in at least two digits. */
export function shownVersion(semver: string): string {
  const [major, minor, patch = "0"] = semver.split(".");
  return `${major}.${minor}.${patch.padStart(2, "0")}`;
}

/**
 * The app's version, shown in the sidebar and reported by /health and the API docs. Its one source is the
 * root package.json: release by changing the version there.
 */
export const APP_VERSION = shownVersion(version);
