/** Traffic-light rules (spec 01 §4, spec 02 §4; docs/compliance.md §Lights). */
export type Light = "ok" | "warn" | "error" | "none";

/**
 * What a light's figure shows when nothing is expected of it ('Nada esperado', docs/compliance.md §Lights):
 * a dash instead of '0/0' (or '0' pending validation), beside a neutral grey light.
 */
export const NOTHING_EXPECTED = "—";

/** Nothing is expected: no document is required (a negative requirement counts as none). */
export function nothingExpected(required: number): boolean {
  return required <= 0;
}

/** The figure beside a count light: 'done/required', or the dash when nothing is expected. */
export function lightFigure(done: number, required: number): string {
  return nothingExpected(required) ? NOTHING_EXPECTED : `${done}/${required}`;
}

/** The figure beside the validation light: the documents waiting, or the dash when none is. */
export function pendingFigure(pending: number): string {
  return pending > 0 ? String(pending) : NOTHING_EXPECTED;
}

/**
 * Upload light: neutral when nothing is required; ok when uploaded ≥ required; warn otherwise. The
 * colegio's company lists use it for reads too (spec 01 §4: "reads follow the same rule").
 */
export function uploadLight(uploaded: number, required: number): Light {
  if (nothingExpected(required)) return "none";
  if (uploaded >= required) return "ok";
  return "warn";
}

/**
 * Read light (community providers and porters): neutral when nothing must be read; ok when read equals
 * required; warn when some are read; error when none is.
 */
export function readLight(read: number, required: number): Light {
  if (nothingExpected(required)) return "none";
  if (read === required) return "ok";
  if (read > 0) return "warn";
  return "error";
}

/** Validation light of a company row: error while any document awaits validation, neutral otherwise. */
export function validationLight(pendingValidation: number): Light {
  return pendingValidation > 0 ? "error" : "none";
}

/**
 * A community's light in the administrator's communities list (spec 02 §2): neutral when nothing is
 * expected; green when the count is met; amber while part of it is done; red when none is. (The spec
 * fixes only the green case; amber marks progress.)
 */
export function communityLight(count: number, expected: number): Light {
  if (nothingExpected(expected)) return "none";
  if (count >= expected) return "ok";
  if (count > 0) return "warn";
  return "error";
}

/**
 * A provider's documents in one community, in the colegio's view of its communities (spec 02 §4
 * 'Provider community docs'): neutral when nothing is required there; red when it has met none, green
 * when it has met all, amber in between.
 */
export function providerDocsLight(countProvider: number, countTotal: number): Light {
  if (nothingExpected(countTotal)) return "none";
  if (countProvider === 0) return "error";
  if (countProvider >= countTotal) return "ok";
  return "warn";
}

/**
 * A provider's reads and uploads in the administrator's compliance overview (spec 02 §4 'Admin overview':
 * ok if count >= must, else error): neutral when nothing is required; green when met; red otherwise.
 */
export function overviewLight(count: number, must: number): Light {
  if (nothingExpected(must)) return "none";
  return count >= must ? "ok" : "error";
}

/**
 * One light for a whole row of lights (the dashboards, docs/FEATURES.md 'Dashboards'): red when any of them
 * is red, amber when any is amber, green when any is green, and neutral only when every one is (nothing
 * is expected of the row).
 */
export function combinedLight(lights: readonly Light[]): Light {
  for (const light of ["error", "warn", "ok"] as const) if (lights.includes(light)) return light;
  return "none";
}

/**
 * A provider's row in the colegio's providers list as one light: its 'Docs a subir' and 'Docs a leer' lights
 * (uploadLight: the colegio's lists read reads by the upload rule) and its 'Docs pend validar' light.
 */
export function providerRowLight(f: {
  upload_must: number;
  all_uploaded: number;
  read_must: number;
  read_all: number;
  pending_validation: number;
}): Light {
  return combinedLight([
    uploadLight(f.all_uploaded, f.upload_must),
    uploadLight(f.read_all, f.read_must),
    validationLight(f.pending_validation),
  ]);
}

/** A community's row in the communities list as one light: its uploads light and its reads light. */
export function communityRowLight(f: {
  mandatory_count: number;
  mandatory_uploaded_count: number;
  expected_count_read: number;
  count_read: number;
}): Light {
  return combinedLight([
    communityLight(f.mandatory_uploaded_count, f.mandatory_count),
    communityLight(f.count_read, f.expected_count_read),
  ]);
}
