import {
  type CompanyUpdateRequest,
  type CompanyView,
  editContactFieldError,
  REGION_CODES,
  type RegionCode,
  Role,
} from "@coordina/domain";
import { type ContactData, contactDataOf, trimmedContactData } from "../../app/contactData";

/** The company's own data as the form holds it (spec 02 §5 'Company edit'). */
export interface CompanyForm extends ContactData {
  name: string;
  cif: string;
  /** colegios only: their region's code, '' for none */
  region: string;
}

export type CompanyField = keyof CompanyForm;
const COMPANY_FIELDS: readonly CompanyField[] = [
  "name",
  "cif",
  "email",
  "person",
  "tfn",
  "address",
  "city",
  "postcode",
  "country",
  "region",
];

export const isColegio = (company: Pick<CompanyView, "type">) => company.type === Role.colegio;

export function formOf(company: CompanyView): CompanyForm {
  return {
    name: company.name,
    cif: company.cif,
    ...contactDataOf(company),
    region: company.region ?? "",
  };
}

/** The validation message key of each field in error: name required, e-mail valid, postcode empty or 5. */
export function problemsOf(form: CompanyForm): Partial<Record<CompanyField, string>> {
  const problems: Partial<Record<CompanyField, string>> = {};
  for (const field of COMPANY_FIELDS) {
    const key = editContactFieldError(field, form[field]);
    if (key) problems[field] = key;
  }
  return problems;
}

/** Whether anything differs from what was loaded (surrounding spaces do not count). */
export function hasChanges(loaded: CompanyForm, form: CompanyForm): boolean {
  return COMPANY_FIELDS.some((field) => loaded[field].trim() !== form[field].trim());
}

const isRegion = (code: string): code is RegionCode => (REGION_CODES as readonly string[]).includes(code);

/** The update call's body; the region goes only for a colegio. */
export function requestOf(id: number, form: CompanyForm, colegio: boolean): CompanyUpdateRequest {
  const region = form.region.trim();
  return {
    id,
    name: form.name.trim(),
    cif: form.cif.trim(),
    company_data: {
      ...trimmedContactData(form),
      ...(colegio ? { region: isRegion(region) ? region : null } : {}),
    },
  };
}

/** The form as saved: every value trimmed. */
export function trimmed(form: CompanyForm): CompanyForm {
  return Object.fromEntries(COMPANY_FIELDS.map((f) => [f, form[f].trim()])) as unknown as CompanyForm;
}

/** The company as shown once `form` is saved: what is empty is not set (a colegio's region only for colegios). */
export function savedView(old: CompanyView, form: CompanyForm, colegio: boolean): CompanyView {
  return {
    ...old,
    ...form,
    email: form.email || null,
    person: form.person || null,
    tfn: form.tfn || null,
    address: form.address || null,
    city: form.city || null,
    country: form.country || null,
    postcode: form.postcode || null,
    region: colegio ? form.region || null : old.region,
  };
}
