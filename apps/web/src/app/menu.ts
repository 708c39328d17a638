import { FEATURE, Role } from "@coordina/domain";
import { COMMUNITIES_LIST, OWN_COMMUNITIES, PANEL_BASE, PORTER_SUMMARY_BASE } from "../shared/paths";

export interface MenuItem {
  /** i18n key under menu. */
  label: string;
  to: string;
  roles: readonly number[];
  /** shown only when this feature flag is on */
  feature?: string;
  /** also the current entry on pages under this path (e.g. a community opened from the list) */
  within?: string;
}

/** The side menu by role and feature flags (spec 01 §6, spec 02 §6). */
const MENU: readonly MenuItem[] = [
  { label: "master-colegios", to: "/master/colegios", roles: [Role.master, Role.superadministrator] },
  { label: "master-dashboard", to: "/master/dashboard", roles: [Role.master, Role.superadministrator] },
  { label: "administradores", to: "/admin/administradores", roles: [Role.colegio] },
  { label: "proveedores", to: "/admin/proveedor", roles: [Role.colegio] },
  { label: "actividades", to: "/admin/actividades", roles: [Role.colegio] },
  { label: "provee-actividades", to: "/provee-actividades", roles: [Role.colegio, Role.administrador] },
  { label: "documentos", to: "/documents/settings", roles: [Role.colegio] },
  { label: "documentos-validar", to: "/documents/mandatory", roles: [Role.colegio] },
  { label: "documentos-resumen", to: "/documents/summary", roles: [Role.colegio] },
  { label: "pendientes", to: "/proveedores/main", roles: [Role.gremio], feature: FEATURE.pendingTasks },
  {
    label: "comunidades",
    to: COMMUNITIES_LIST,
    roles: [Role.administrador, Role.gremio],
    within: `${PANEL_BASE}/`,
  },
  { label: "proveedores", to: "/admin-fincas/proveedor", roles: [Role.administrador] },
  {
    label: "porteros",
    to: `${PORTER_SUMMARY_BASE}/-1`,
    roles: [Role.administrador],
    feature: FEATURE.porterosAdmin,
    // the summary's other pages and a porter's communities
    within: `${PORTER_SUMMARY_BASE}/`,
  },
  { label: "lopd", to: "/lopd", roles: [Role.administrador], feature: FEATURE.lopd },
  { label: "documentos-obligatorios", to: "/documents/mandatory", roles: [Role.administrador] },
  { label: "docs-generales", to: "/provdoc", roles: [Role.gremio] },
  { label: "lopd", to: "/lopd", roles: [Role.gremio], feature: FEATURE.lopdWorkers },
  { label: "calendario", to: "/proveedores/config/calendar", roles: [Role.gremio] },
  // a community's panel and its '¿Quién viene hoy?' too
  { label: "mis-comunidades", to: OWN_COMMUNITIES, roles: [Role.portero], within: "/porteros/comunidades/" },
  { label: "invitaciones", to: "/invitations", roles: [Role.master, Role.colegio, Role.administrador] },
  { label: "usuarios", to: "/users", roles: [Role.colegio, Role.administrador, Role.gremio] },
  { label: "empresa", to: "/config", roles: [Role.colegio, Role.administrador, Role.gremio] },
  {
    label: "mis-datos",
    to: "/my-data",
    roles: [Role.master, Role.colegio, Role.administrador, Role.gremio, Role.portero, Role.superadministrator],
  },
];

export function menuFor(role: number, features: readonly string[]): MenuItem[] {
  return MENU.filter((item) => item.roles.includes(role) && (!item.feature || features.includes(item.feature)));
}
