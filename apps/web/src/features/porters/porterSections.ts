import { communityPortersPath } from "../../shared/paths";
import type { SectionDefinition } from "../../shared/reading/documentGroups";

/** The path of one porter's documents (spec 02 §2: porteros/portero with query idUserCompany and email). */
export function porterPath(communityId: number, porter: { id: number; email: string }): string {
  const query = new URLSearchParams({ idUserCompany: String(porter.id), email: porter.email });
  return `${communityPortersPath(communityId)}/portero?${query.toString()}`;
}

/** The porter named by the page's query: its user id (a positive integer) and e-mail, or null. */
export function porterOfQuery(search: URLSearchParams): { id: number; email: string } | null {
  const raw = search.get("idUserCompany") ?? "";
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) return null;
  return { id, email: search.get("email")?.trim() ?? "" };
}

/** Only the definitions with a file: 'Docs porteros' lists what was uploaded. */
export const withFiles = (sections: readonly SectionDefinition[]): SectionDefinition[] =>
  sections.filter((section) => section.files.length > 0);
