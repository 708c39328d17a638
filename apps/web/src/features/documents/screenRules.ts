import { DEFAULT_MANDATORY_GROUP, GROUP_FILTERS, type GroupFilter, Role } from "@coordina/domain";

/**
 * The name of a community's upload screen by the uploader's role, the same as its entry in the panel's menu:
 * 'Documentos para proveedores' for the administrator, 'Subir documentos' for a provider (issue 21: one name
 * per screen).
 */
export function uploadTitleKey(role: number): string {
  return role === Role.administrador
    ? "documents-page.upload-title.administrator"
    : "documents-page.upload-title.provider";
}

/** The spec's sentence under that title, by the uploader's role (spec 02 §2 'Upload screen for a community'). */
export function uploadIntroKey(role: number): string {
  if (role === Role.administrador) return "documents-page.upload-intro.administrator";
  if (role === Role.portero) return "documents-page.upload-intro.portero";
  return "documents-page.upload-intro.provider";
}

/** The general documents screens: '/provdoc' (Docs generales) opens on CAF, the others on LOPD (spec 02 §9). */
export function defaultGroupFor(pathname: string): GroupFilter {
  return pathname.replace(/\/+$/, "") === "/provdoc" ? "CAF" : DEFAULT_MANDATORY_GROUP;
}

/** The group of the address's `?group=`, or the screen's default. */
export function groupOf(value: string | null, pathname: string): GroupFilter {
  return (GROUP_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as GroupFilter)
    : defaultGroupFor(pathname);
}

/**
 * The title of /documents/mandatory, /lopd and /provdoc by role, the same as the menu entry that opens it: the
 * colegio validates there ('Validar documentos'); everyone else uploads their general documents ('Documentos
 * generales', whichever of the three addresses and group it opens with).
 */
export function mandatoryTitleKey(role: number): string {
  return role === Role.colegio ? "documents-page.mandatory.title.validate" : "documents-page.mandatory.title.general";
}
