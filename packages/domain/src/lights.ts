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
 * and something is expected; amber while part of it is done; red otherwise, so a community nobody has
 * set duties for does not look done. (The spec fixes only the green case; amber marks progress.)
 */
export function communityLight(count: number, expected: number): Light {
  if (expected > 0 && count >= expected) return "ok";
  if (count > 0) return "warn";
  return "error";
}

/**
 * A provider's documents in one community, in the colegio's view of its communities (spec 02 §4
 * 'Provider community docs'): red when it has met none, green when it has met all, amber in between.
 */
export function providerDocsLight(countProvider: number, countTotal: number): Light {
  if (countProvider === 0) return "error";
  if (countProvider >= countTotal) return "ok";
  return "warn";
}
