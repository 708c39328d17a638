import { Role } from "@coordina/domain";
import type { ReadingSource } from "../../shared/reading/api/fetchCommunityDocuments";

/** The community panel's reading views: their child path, who sees them, their source and their title. */
export const READING_VIEWS = {
  /** a provider: the documents the community's administrator gives its providers */
  "docs-finca": { path: "gremio/docs-finca", role: Role.gremio, source: "administrator" },
  /** a provider: the documents the community's other providers give providers */
  "docs-proveedores": { path: "gremio/docs-proveedores", role: Role.gremio, source: "providers" },
  /** the administrator: the documents the community's providers give the administrator */
  documentosprov: { path: "documentosprov", role: Role.administrador, source: "providers" },
} as const satisfies Record<string, { path: string; role: number; source: ReadingSource }>;
export type ReadingView = keyof typeof READING_VIEWS;
