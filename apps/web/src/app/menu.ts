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
  /** other addresses of the same screen (the spec's older routes): the entry is current there too */
  also?: readonly string[];
  /** shown only while the server runs in development (/develop) */
  development?: true;
}

/**
 * The side menu by role and feature flags (spec 01 §6, spec 02 §6). Each entry's label is also its page's title
 * and the browser tab's name (`currentEntry`). 'Resumen de documentos' (`/documents/summary`) and 'Documentos
 * subidos' (`/documents/uploaded`) are a company's own documents (issue 23), so the administrator, the provider
 * and the porter have them; the colegio's 'Resumen de documentos' is its colegio's documents by definition, those expiring soon and
 * those waiting for its validation (the same address; it uploads nothing, so it has no 'Documentos subidos'). 'LOPD'
 * (`/lopd`) is the same screen as 'Documentos generales' (its group selector has LOPD): one entry per screen.
 * router.test.tsx fails if an entry leads nowhere.
 */
const MENU: readonly MenuItem[] = [
  { label: "master-colegios", to: "/master/colegios", roles: [Role.master, Role.superadministrator] },
  { label: "master-dashboard", to: "/master/dashboard", roles: [Role.master, Role.superadministrator] },
  { label: "administradores", to: "/admin/administradores", roles: [Role.colegio] },
  { label: "proveedores", to: "/admin/proveedor", roles: [Role.colegio] },
  { label: "actividades", to: "/admin/actividades", roles: [Role.colegio] },
  { label: "provee-actividades", to: "/provee-actividades", roles: [Role.colegio, Role.administrador] },
  { label: "definiciones", to: "/documents/settings", roles: [Role.colegio] },
  { label: "documentos-validar", to: "/documents/mandatory", roles: [Role.colegio] },
  // Its documents by definition, what expires within 30 days and what waits for its validation (issue 23).
  { label: "resumen-documentos", to: "/documents/summary", roles: [Role.colegio] },
  // Every provider's work in one place (issue 21; the spec gated it behind pending-tasks, which now only chooses
  // whether the provider starts here or at its communities, whose page sums the same up with a link here).
  { label: "pendientes", to: "/proveedores/main", roles: [Role.gremio] },
  {
    label: "comunidades",
    to: COMMUNITIES_LIST,
    roles: [Role.administrador, Role.gremio],
    within: `${PANEL_BASE}/`,
  },
  // The colegio's and the administrator's figures, each a link to its list (issue 23 part 3); after
  // the start area, which each role's menu begins with.
  { label: "panel", to: "/dashboard", roles: [Role.colegio, Role.administrador] },
  // The compliance overview: the providers of the administrator's communities, and one provider's communities.
  { label: "proveedores", to: "/admin-fincas/proveedor", roles: [Role.administrador] },
  {
    label: "porteros",
    to: `${PORTER_SUMMARY_BASE}/-1`,
    roles: [Role.administrador],
    feature: FEATURE.porterosAdmin,
    // the summary's other pages and a porter's communities
    within: `${PORTER_SUMMARY_BASE}/`,
  },
  // The same screen as the provider's: the documents uploaded once for every community (LOPD group first).
  {
    label: "docs-generales",
    to: "/documents/mandatory",
    roles: [Role.administrador],
    also: ["/lopd", "/generaldoc"],
  },
  {
    label: "docs-generales",
    to: "/provdoc",
    roles: [Role.gremio],
    also: ["/lopd", "/documents/mandatory", "/generaldoc"],
  },
  // The administrator's general documents beside its communities', and one upload for many of them (issue 23).
  { label: "docs-comunidades", to: "/gcomunidades", roles: [Role.administrador] },
  // One file for one duty: the community (or all of them) and the definition, linkable with ?finca=&definition=.
  { label: "subir-documento", to: "/documents/upload", roles: [Role.administrador, Role.gremio] },
  // The company's own documents: its duties at a glance, and everything it has uploaded (issue 23).
  { label: "resumen-documentos", to: "/documents/summary", roles: [Role.administrador, Role.gremio] },
  { label: "documentos-subidos", to: "/documents/uploaded", roles: [Role.administrador, Role.gremio] },
  // The colegio's read requirements in the administrator's communities: who read each document (read-only).
  { label: "lecturas", to: "/documents/lecturas", roles: [Role.administrador] },
  // The 24-hour service, the weekly 'Programación' and the calendar address for the agenda (issue 22).
  { label: "calendario", to: "/proveedores/config/calendar", roles: [Role.gremio] },
  // a community's panel and its '¿Quién viene hoy?' too
  { label: "mis-comunidades", to: OWN_COMMUNITIES, roles: [Role.portero], within: "/porteros/comunidades/" },
  // The porter's documents, after its communities, which its menu starts with.
  { label: "subir-documento", to: "/documents/upload", roles: [Role.portero] },
  { label: "resumen-documentos", to: "/documents/summary", roles: [Role.portero] },
  { label: "documentos-subidos", to: "/documents/uploaded", roles: [Role.portero] },
  { label: "invitaciones", to: "/invitations", roles: [Role.master, Role.colegio, Role.administrador] },
  { label: "usuarios", to: "/users", roles: [Role.colegio, Role.administrador, Role.gremio] },
  { label: "empresa", to: "/config", roles: [Role.colegio, Role.administrador, Role.gremio] },
  // The legal advice and the conditions of use, as dated versions, and the acceptances' export (issue 23 part 4).
  { label: "textos-legales", to: "/config-legal", roles: [Role.colegio] },
  // The colegio's legal advice and the conditions accepted, to read again (issue 23 part 4).
  { label: "aviso-legal", to: "/aviso-legal", roles: [Role.administrador, Role.gremio] },
  {
    label: "mis-datos",
    to: "/my-data",
    roles: [Role.master, Role.colegio, Role.administrador, Role.gremio, Role.portero, Role.superadministrator],
  },
  // Version, the session's role, colegio and flags, the mail viewer and the API description: development only.
  {
    label: "desarrollo",
    to: "/develop",
    roles: [Role.master, Role.colegio, Role.administrador, Role.gremio, Role.portero, Role.superadministrator],
    development: true,
  },
];

/** The entries of a role with its flags; the development ones only when the server runs in development. */
export function menuFor(role: number, features: readonly string[], development = false): MenuItem[] {
  return MENU.filter(
    (item) =>
      item.roles.includes(role) &&
      (!item.feature || features.includes(item.feature)) &&
      (!item.development || development),
  );
}

/**
 * The entry a page belongs to, as the menu marks it: the one linking to it or to a path above it, or one whose
 * area (`within`) holds it. Its label names the browser tab.
 */
export function currentEntry(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const at = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  return items.find(
    (item) =>
      at(item.to) || (item.within !== undefined && pathname.startsWith(item.within)) || item.also?.some(at) === true,
  );
}
