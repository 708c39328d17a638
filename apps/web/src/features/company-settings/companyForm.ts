import {
  type CompanyUpdateRequest,
  type CompanyView,
  isValidEmail,
  POSTCODE_LENGTH,
  REGION_CODES,
  type RegionCode,
  Role,
  ValidationKey,
} from "@coordina/domain";

/** The company's own data as the form holds it (spec 02 §5 'Company edit'). */
export interface CompanyForm {
  name: string;
  cif: string;
  email: string;
  person: string;
  tfn: string;
  address: string;
  city: string;
  /** the province */
  country: string;
  postcode: string;
  /** colegios only: their region's code, '' for none */
  region: string;
}

export type CompanyField = keyof CompanyForm;
export const COMPANY_FIELDS: readonly CompanyField[] = [
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
    email: company.email ?? "",
    person: company.person ?? "",
    tfn: company.tfn ?? "",
    address: company.address ?? "",
    city: company.city ?? "",
    country: company.country ?? "",
    postcode: company.postcode ?? "",
    region: company.region ?? "",
  };
}

/** The validation message key of each field in error: name required, e-mail valid, postcode empty or 5. */
export function problemsOf(form: CompanyForm): Partial<Record<CompanyField, string>> {
  const problems: Partial<Record<CompanyField, string>> = {};
  if (!form.name.trim()) problems.name = ValidationKey.nameRequired;
  const email = form.email.trim();
  if (email && !isValidEmail(email)) problems.email = ValidationKey.emailFormat;
  const postcode = form.postcode.trim();
  if (postcode && postcode.length !== POSTCODE_LENGTH) problems.postcode = ValidationKey.postcodeOptional;
  return problems;
}

/** Whether anything differs from what was loaded (surrounding spaces do not count). */
export function hasChanges(loaded: CompanyForm, form: CompanyForm): boolean {
  return COMPANY_FIELDS.some((field) => loaded[field].trim() !== form[field].trim());
}

const isRegion = (code: string): code is RegionCode => (REGION_CODES as readonly string[]).includes(code);

/** The update call's body; the region goes only for a colegio. */
export function requestOf(id: number, form: CompanyForm, colegio: boolean): CompanyUpdateRequest {
  const v = (field: CompanyField) => form[field].trim();
  const region = v("region");
  return {
    id,
    name: v("name"),
    cif: v("cif"),
    company_data: {
      email: v("email"),
      person: v("person"),
      tfn: v("tfn"),
      address: v("address"),
      city: v("city"),
      country: v("country"),
      postcode: v("postcode"),
      ...(colegio ? { region: isRegion(region) ? region : null } : {}),
    },
  };
}

/** The form as saved: every value trimmed. */
export function trimmed(form: CompanyForm): CompanyForm {
  return Object.fromEntries(COMPANY_FIELDS.map((f) => [f, form[f].trim()])) as unknown as CompanyForm;
}
