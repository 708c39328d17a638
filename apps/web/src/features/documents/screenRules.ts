import { DEFAULT_MANDATORY_GROUP, GROUP_FILTERS, type GroupFilter, Role } from "@coordina/domain";

/** The title of a community's upload screen by the uploader's role (spec 02 §2). */
export function uploadTitleKey(role: number): string {
  if (role === Role.administrador) return "documents-page.upload-title.administrator";
  if (role === Role.portero) return "documents-page.upload-title.portero";
  return "documents-page.upload-title.provider";
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

/** The general documents screen's title by path (keys under documents-page.mandatory.title). */
export function mandatoryTitleKey(pathname: string): string {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/provdoc") return "documents-page.mandatory.title.provdoc";
  if (path === "/lopd") return "documents-page.mandatory.title.lopd";
  return "documents-page.mandatory.title.mandatory";
}
