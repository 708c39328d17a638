import { type CommunityView, FEATURE, Role } from "@coordina/domain";

/** One entry of the community panel's menu. */
export interface PanelMenuItem {
  /** the child route under /comunidades/comunidad/{id}/ */
  path: string;
  /** i18n key of its label */
  label: string;
  /** the red '!' badge: documents of the community (of its administrator, or of other providers) left to read */
  warning?: boolean;
}

type MenuFacts = Pick<CommunityView, "porteros_count" | "menu">;

/**
 * The panel's menu by role, feature flags and what the community has (spec 02 §2 'Routes of the
 * community panel'). Other roles get no menu (the routes are for administrators and providers only).
 * Each label is also the title of the view it opens. 'Calendario' is both roles' (issue 22). The administrator's
 * 'LOPD' (feature lopd, only while the colegio defines LOPD-group documents), 'Documentos de la comunidad' and
 * 'Documentos para el administrador' came with their views (issue 23).
 */
export function panelMenu(role: number, features: readonly string[], community: MenuFacts): PanelMenuItem[] {
  const on = (feature: string) => features.includes(feature);
  const { menu } = community;
  if (role === Role.administrador) {
    const items: (PanelMenuItem | false)[] = [
      { path: "proveedores", label: "panel.menu.proveedores" },
      on(FEATURE.porterosAdmin) && { path: "porteros", label: "panel.menu.porteros" },
      menu.provider_bound_docs && { path: "upload", label: "panel.menu.upload" },
      { path: "documentosprov", label: "panel.menu.documentosprov" },
      { path: "documentosadmin", label: "panel.menu.documentosadmin" },
      { path: "documentos", label: "panel.menu.documentos" },
      on(FEATURE.porterosAdmin) &&
        community.porteros_count > 0 &&
        menu.porter_docs && { path: "porteros-docs", label: "panel.menu.porteros-docs" },
      on(FEATURE.lopd) && menu.lopd_docs && { path: "lopd", label: "panel.menu.lopd" },
      { path: "gremio/calendar", label: "panel.menu.calendar" },
    ];
    return items.filter((item): item is PanelMenuItem => item !== false);
  }
  if (role === Role.gremio) {
    const items: (PanelMenuItem | false)[] = [
      { path: "gremio/docs-finca", label: "panel.menu.docs-finca", warning: menu.pending_read },
      { path: "upload", label: "panel.menu.upload-gremio" },
      on(FEATURE.porterosAdmin) && {
        path: "gremio/docs-proveedores",
        label: "panel.menu.docs-proveedores",
        // Other providers' documents left to read there; no badge when the server does not say.
        warning: menu.pending_read_providers === true,
      },
      { path: "gremio/calendar", label: "panel.menu.calendar" },
    ];
    return items.filter((item): item is PanelMenuItem => item !== false);
  }
  return [];
}

/**
 * The header's 'Añadir Portero' (spec 02 §2 'Community panel'): for the community's administrator with the
 * feature porteros-admin, only while the community has no porter.
 */
export function showsAddPorter(
  role: number,
  features: readonly string[],
  community: Pick<CommunityView, "porteros_count" | "editable">,
): boolean {
  return (
    role === Role.administrador &&
    community.editable &&
    features.includes(FEATURE.porterosAdmin) &&
    community.porteros_count === 0
  );
}

/** The panel's first view for a role: providers for an administrator, the community's documents for a provider. */
export function panelStartPath(role: number): string {
  return role === Role.gremio ? "gremio/docs-finca" : "proveedores";
}

/**
 * Whether a menu entry is the current one: `rest` is the path under /comunidades/comunidad/{id}/. Whole
 * segments count, so 'porteros-docs' is not under 'porteros', but 'proveedores/12' is under 'proveedores'.
 */
export function isCurrent(rest: string, path: string): boolean {
  return rest === path || rest.startsWith(`${path}/`);
}

/** The path under the panel's base, e.g. 'gremio/calendar' for /comunidades/comunidad/7/gremio/calendar. */
export function restOf(pathname: string, base: string): string {
  if (!pathname.startsWith(base) || (pathname.length > base.length && pathname[base.length] !== "/")) return "";
  return pathname.slice(base.length).replace(/^\/+|\/+$/g, "");
}
