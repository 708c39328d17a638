import { expiryText, type PendingReadRow, type UploadPendingRow } from "@coordina/domain";
import { uploadPlacePath } from "../../shared/paths";

/*
 * The provider home's rules (spec 02 §2 'Provider home'): pending reads grouped by community, the texts of
 * an upload still owed and where each item is dealt with.
 */

const PANEL = "/comunidades/comunidad";
const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/** One community with the documents the provider still has to read in it. */
export interface PendingReadGroup {
  fincaId: number;
  fincaName: string;
  administrator: string;
  documents: PendingReadRow[];
}

/**
 * Pending reads by community (spec 02 §3 'Pending-read row'): communities by name, and in each the
 * documents by type and then by file name. The rows of a community keep its name and administrator.
 */
export function groupPendingReads(rows: readonly PendingReadRow[]): PendingReadGroup[] {
  const groups = new Map<number, PendingReadGroup>();
  for (const row of rows) {
    let group = groups.get(row.finca_id);
    if (!group) {
      group = {
        fincaId: row.finca_id,
        fincaName: row.finca_name,
        administrator: row.finca_administrator,
        documents: [],
      };
      groups.set(row.finca_id, group);
    }
    group.documents.push(row);
  }
  const sorted = [...groups.values()].sort((a, b) => byName.compare(a.fincaName, b.fincaName) || a.fincaId - b.fincaId);
  for (const group of sorted)
    group.documents.sort(
      (a, b) =>
        byName.compare(a.doc_type, b.doc_type) ||
        byName.compare(a.uploaded_doc_name, b.uploaded_doc_name) ||
        a.uploaded_doc_id - b.uploaded_doc_id,
    );
  return sorted;
}

/**
 * The community's reading view where a pending document is read: 'Documentos de la comunidad' for what
 * its administrator gave (gremio/docs-finca), the other providers' documents otherwise
 * (gremio/docs-proveedores).
 */
export function readingPath(row: Pick<PendingReadRow, "finca_id" | "from_administrator">): string {
  return `${PANEL}/${row.finca_id}/gremio/${row.from_administrator ? "docs-finca" : "docs-proveedores"}`;
}

/**
 * Where an owed upload is made: a general document once for all on 'Documentos generales' (/provdoc, with
 * every group shown, since it opens on CAF and an owed document may be LOPD), a bound one in its community.
 */
export function uploadPath(row: Pick<UploadPendingRow, "finca_id">): string {
  return uploadPlacePath("provider", row.finca_id);
}

/** The texts the upload list uses (Spanish, from the feature's catalogue). */
export interface UploadTexts {
  missing: string;
  expired: string;
  incomplete: string;
}

/**
 * The state of an owed upload: 'Sin subir'; 'Caducado desde DD/MM/YYYY' (or the plain expired text when
 * the server sent no date); 'Falta la fecha de caducidad'.
 */
export function uploadStateText(row: Pick<UploadPendingRow, "state" | "obsolete">, texts: UploadTexts): string {
  if (row.state === "expired")
    return row.obsolete ? expiryText({ kind: "expired", since: row.obsolete }) : texts.expired;
  return row.state === "incomplete" ? texts.incomplete : texts.missing;
}

/**
 * Owed uploads in the order the panel lists them: the general ones first (they are due in every
 * community), then by community, each by definition name.
 */
export function sortUploadsPending(rows: readonly UploadPendingRow[]): UploadPendingRow[] {
  return [...rows].sort((a, b) => {
    if ((a.finca_id === null) !== (b.finca_id === null)) return a.finca_id === null ? -1 : 1;
    return (
      byName.compare(a.finca_name ?? "", b.finca_name ?? "") ||
      (a.finca_id ?? 0) - (b.finca_id ?? 0) ||
      byName.compare(a.definition_name, b.definition_name) ||
      a.definition_id - b.definition_id
    );
  });
}
