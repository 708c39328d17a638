/** Traffic-light rules (spec 01 §4, spec 02 §4). */
export type Light = "ok" | "warn" | "error";

/**
 * Upload light: ok when uploaded ≥ required; warn when required > 0 and not met; error otherwise. The
 * colegio's company lists use it for reads too (spec 01 §4: "reads follow the same rule").
 */
export function uploadLight(uploaded: number, required: number): Light {
  if (uploaded >= required) return "ok";
  if (required > 0) return "warn";
  return "error";
}

/** Read light (community providers and porters): ok when equal; warn when some read; error otherwise. */
export function readLight(read: number, required: number): Light {
  if (read === required) return "ok";
  if (read > 0) return "warn";
  return "error";
}

/** Validation light of a company row: error while any document awaits validation. */
export function validationLight(pendingValidation: number): Light {
  return pendingValidation > 0 ? "error" : "ok";
}

/**
 * A community's light in the administrator's communities list (spec 02 §2): green when the count is met
 * and something is expected; red otherwise, so a community nobody has set duties for does not look done.
 */
export function communityLight(count: number, expected: number): Light {
  return expected > 0 && count >= expected ? "ok" : "error";
}
