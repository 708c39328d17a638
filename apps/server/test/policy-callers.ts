import { Role, type RoleName } from "@coordina/domain";

/**
 * The callers of the document and file policy tables: the caller's company is ME (for the colegio role,
 * colegio A itself); `chosen` is the colegio the request selected (colg_id).
 */
export const ME = 100;
export const OTHER = 200;
export const COLEGIO_A = 10;
export const COLEGIO_B = 11;

export const ROLE_NAMES = Object.keys(Role) as RoleName[];
export const companyOf = (role: number) => (role === Role.colegio ? COLEGIO_A : ME);
export const callerOf = (roleName: RoleName, chosen: number | null = null) => {
  const role = Role[roleName];
  return { role, companyId: companyOf(role), colegioId: chosen };
};
