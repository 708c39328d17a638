/**
 * Role numbers (DESIGN.md §5). Portero is 25 because the document-requirement enumeration uses 25 for
 * portero; finca is 30. 1000 marks "not logged in" and only exists on the front end.
 */
export const Role = {
  superadministrator: 0,
  master: 5,
  sat: 6,
  colegio: 10,
  administrador: 15,
  gremio: 20,
  portero: 25,
  finca: 30,
  unknown: 100,
} as const;

export type RoleName = keyof typeof Role;
export type RoleNumber = (typeof Role)[RoleName];

export const NOT_LOGGED_IN = 1000;

export const ROLE_NUMBERS: readonly RoleNumber[] = Object.values(Role);

export function isRoleNumber(value: unknown): value is RoleNumber {
  return typeof value === "number" && (ROLE_NUMBERS as readonly number[]).includes(value);
}

export const ROLE_DISPLAY_NAME: Record<RoleNumber, string> = {
  [Role.superadministrator]: "Superadministrador",
  [Role.master]: "Master",
  [Role.sat]: "SAT",
  [Role.colegio]: "Colegio de Administradores",
  [Role.administrador]: "Administrador de fincas",
  [Role.gremio]: "Proveedor",
  [Role.portero]: "Portero",
  [Role.finca]: "Finca",
  [Role.unknown]: "Desconocido",
};

/** Roles that must accept the legal notice and load their colegio list after login (spec 01 §4). */
export const ROLES_WITH_LEGAL_NOTICE: readonly number[] = [Role.administrador, Role.gremio];
