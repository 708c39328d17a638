import type { Activity, ColegioUpdateRequest, CompanyView } from "@coordina/domain";
import { Role } from "@coordina/domain";

/** What the colegio's company editor edits (spec 01 §2). */
export const EDITABLE_TYPES = [Role.administrador, Role.gremio] as const;

export interface EditorValues {
  email: string;
  cif: string;
  name: string;
  type: number;
  activities: Activity[];
}

export function valuesOf(company: CompanyView): EditorValues {
  return {
    email: company.owner_user?.email ?? "",
    cif: company.cif,
    name: company.name,
    type: EDITABLE_TYPES.includes(company.type as (typeof EDITABLE_TYPES)[number]) ? company.type : Role.administrador,
    activities: [...company.activities].sort((a, b) => a.name.localeCompare(b.name, "es")),
  };
}

const idsOf = (activities: Activity[]) =>
  activities
    .map((a) => a.id)
    .sort((a, b) => a - b)
    .join(",");

/**
 * The save request: type and activities always; cif, name and e-mail only when changed (spec 01 §3).
 * No format checks here: the server checks (spec 01 §5).
 */
export function updateRequest(companyId: number, loaded: EditorValues, edited: EditorValues): ColegioUpdateRequest {
  const request: ColegioUpdateRequest = {
    company_id: companyId,
    companytype: edited.type,
    activities: edited.activities.map((a) => a.id),
  };
  if (edited.cif.trim() !== loaded.cif.trim()) request.cif = edited.cif.trim();
  if (edited.name.trim() !== loaded.name.trim()) request.name = edited.name.trim();
  if (edited.email.trim() !== loaded.email.trim()) request.email = edited.email.trim();
  return request;
}

export function hasChanges(loaded: EditorValues, edited: EditorValues): boolean {
  const request = updateRequest(0, loaded, edited);
  return (
    request.cif !== undefined ||
    request.name !== undefined ||
    request.email !== undefined ||
    edited.type !== loaded.type ||
    idsOf(edited.activities) !== idsOf(loaded.activities)
  );
}

/** The notice once a company of `type` was added (by NIF or by the full form). */
export function addedKey(type: number): string {
  return type === Role.administrador ? "company.administrador.created-ok" : "gremios.created-ok";
}

/** What the NIF form and the full form are given. */
export interface AddCompanyModalProps {
  opened: boolean;
  /** the company type added: 15 administrators, 20 providers */
  type: number;
  onClose: () => void;
  /** a company was included or registered: the page says so (its list reloads) */
  onAdded: (message: string) => void;
}
