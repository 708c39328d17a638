import {
  COMPANY_EXPIRY_STATES,
  COMPANY_VALIDATION_STATES,
  type CompanyExpiryState,
  type DocumentDuty,
  type DocumentSummary,
  type Light,
} from "@coordina/domain";

/*
 * The rules of 'Resumen de documentos' and 'Documentos subidos' (spec 02 §2 /documents/summary,
 * /documents/uploaded; issue 23): a definition's light from its duties, and the list's filters kept in the
 * address.
 */

/**
 * A definition's light in the summary from its duties (one, or one per community): red while any is
 * missing, expired or incomplete (something is owed); amber when all are met but one expires within 30 days;
 * green when all are valid.
 */
export function dutiesLight(duties: readonly Pick<DocumentDuty, "state">[]): Light {
  if (duties.length === 0) return "none";
  if (duties.some((d) => d.state === "missing" || d.state === "expired" || d.state === "incomplete")) return "error";
  if (duties.some((d) => d.state === "soon")) return "warn";
  return "ok";
}

/** The four figures at the top of the summary: valid, expiring within 30 days, expired, to upload (missing or incomplete). */
export function summaryFigures(counts: DocumentSummary["counts"]) {
  return {
    valid: counts.valid,
    soon: counts.soon,
    expired: counts.expired,
    pending: counts.missing + counts.incomplete,
  };
}

/** The filters of 'Documentos subidos', as the address keeps them (?page=2&finca=3&definition=5&expiry=soon&validation=pending). */
export interface UploadedFilters {
  page: number;
  finca?: number;
  definition?: number;
  expiry?: CompanyExpiryState;
  validation?: (typeof COMPANY_VALIDATION_STATES)[number];
}

const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The filters an address holds; anything it does not understand is left out. */
export function filtersOf(search: URLSearchParams): UploadedFilters {
  const filters: UploadedFilters = { page: positive(search.get("page")) ?? 1 };
  const finca = positive(search.get("finca"));
  const definition = positive(search.get("definition"));
  const expiry = oneOf(COMPANY_EXPIRY_STATES, search.get("expiry"));
  const validation = oneOf(COMPANY_VALIDATION_STATES, search.get("validation"));
  if (finca) filters.finca = finca;
  if (definition) filters.definition = definition;
  if (expiry) filters.expiry = expiry;
  if (validation) filters.validation = validation;
  return filters;
}

/** The address's query for some filters: page 1 and empty filters are left out. */
export function searchOf(filters: UploadedFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.page > 1) out.page = String(filters.page);
  if (filters.finca) out.finca = String(filters.finca);
  if (filters.definition) out.definition = String(filters.definition);
  if (filters.expiry) out.expiry = filters.expiry;
  if (filters.validation) out.validation = filters.validation;
  return out;
}

/** The filters after one changes: a new filter goes back to page 1. */
export function withFilter(filters: UploadedFilters, change: Partial<Omit<UploadedFilters, "page">>): UploadedFilters {
  const next: UploadedFilters = { ...filters, ...change, page: 1 };
  for (const key of ["finca", "definition", "expiry", "validation"] as const)
    if (next[key] === undefined) delete next[key];
  return next;
}

/** The request's filters for the server (companies/documents). */
export function requestFilters(filters: UploadedFilters) {
  return {
    ...(filters.finca ? { id_finca: filters.finca } : {}),
    ...(filters.definition ? { id_definition: filters.definition } : {}),
    ...(filters.expiry ? { expiry: filters.expiry } : {}),
    ...(filters.validation ? { validation: filters.validation } : {}),
  };
}
