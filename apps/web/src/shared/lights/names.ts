import i18n, { addTexts } from "../../app/i18n";
import texts from "./es.json";

addTexts(texts);

/*
 * A light's names (docs/compliance.md §Words), one form for every light: the provider's, the colegio's,
 * the community's and the porter's.
 */

/** An upload owed: its definition, why, and where when the light spans several communities. */
interface UploadItem {
  definition_name: string;
  reason: "missing" | "expired" | "incomplete";
}

/** A document to read: its definition and file. */
interface ReadItem {
  definition_name: string;
  document_name: string;
}

/**
 * An upload in a few words: 'Seguro RC (caducado)', 'Formación PRL'; with its community (a light over
 * several): 'Seguro RC (Comunidad Sol, caducado)', 'Plan de trabajo (Comunidad Sol)'.
 */
export function uploadName(upload: UploadItem, community: string | null = null): string {
  const definition = upload.definition_name;
  if (community === null) return i18n.t(`light-missing.${upload.reason}`, { definition });
  return i18n.t(`light-missing.in-finca.${upload.reason}`, { definition, finca: community });
}

/**
 * A document to read in a few words: 'Plan de emergencia (plan.pdf)'; with its community (a light over
 * several): 'Plan de emergencia (plan.pdf) en Comunidad Sol'.
 */
export function readName(read: ReadItem, community: string | null = null): string {
  const values = { definition: read.definition_name, document: read.document_name };
  if (community === null) return i18n.t("light-missing.read", values);
  return i18n.t("light-missing.in-finca.read", { ...values, finca: community });
}

/** How many names a light's words give at most; the others are 'y N más'. */
export const NAMED = 8;

/** Names joined with commas, the first NAMED of them and 'y N más' for the rest. */
export function nameList(names: string[]): string {
  const list = names.slice(0, NAMED).join(", ");
  return names.length > NAMED ? i18n.t("light-missing.more", { list, count: names.length - NAMED }) : list;
}
