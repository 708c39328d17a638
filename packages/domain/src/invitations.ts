import { Role } from "./roles.js";

/**
 * Who may invite whom (spec 01 §6 "the levels each role may create"). One table, used by the server to
 * authorise `companies/companies/invite` and by the invitation form to offer its choices (the first is
 * preselected).
 *
 * - master → colegio (the master is above the colegios);
 * - colegio → administrador and gremio (its members' companies);
 * - administrador → portero (porters work for the administrator's communities);
 * - gremio, portero → none (they only add colleagues to their own company, see below);
 * - superadministrador → master and colegio.
 */
const CREATABLE_COMPANY_TYPES: Readonly<Record<number, readonly number[]>> = {
  [Role.superadministrator]: [Role.master, Role.colegio],
  [Role.master]: [Role.colegio],
  [Role.colegio]: [Role.administrador, Role.gremio],
  [Role.administrador]: [Role.portero],
  [Role.gremio]: [],
  [Role.portero]: [],
};

export function creatableCompanyTypes(role: number): readonly number[] {
  return CREATABLE_COMPANY_TYPES[role] ?? [];
}

/** Roles whose users may add colleagues to their own company (action create-company-user). */
export const ROLES_INVITING_COLLEAGUES: readonly number[] = [
  Role.superadministrator,
  Role.master,
  Role.colegio,
  Role.administrador,
  Role.gremio,
];

/** Actions a `shakey` (e-mailed link token) is bound to. */
/** The two kinds of invitation (companies/companies/invite `action`). */
export const InviteAction = { createCompany: "create-company", createCompanyUser: "create-company-user" } as const;

export const TokenAction = {
  recovery: "recovery",
  invitation: "invitation",
  registerPortero: "register-portero",
  registry: "registry",
  /** Mis datos: confirms a new login e-mail from that mailbox (the link carries the new address) */
  emailChange: "email-change",
} as const;
export type TokenActionValue = (typeof TokenAction)[keyof typeof TokenAction];

/** Lifetime of each kind of link (documented in docs/operations.md). */
export const TOKEN_LIFETIME_HOURS: Record<TokenActionValue, number> = {
  recovery: 2,
  invitation: 7 * 24,
  "register-portero": 7 * 24,
  registry: 7 * 24,
  "email-change": 24,
};

export const InvitationStatus = {
  pending: "pending",
  accepted: "accepted",
  cancelled: "cancelled",
  expired: "expired",
} as const;
export type InvitationStatusValue = (typeof InvitationStatus)[keyof typeof InvitationStatus];
