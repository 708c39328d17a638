import { MAX_FILE_SIZE_MB } from "@coordina/domain";
import i18n from "../../app/i18n";

/**
 * The Spanish text of a key the importer got (a sheet's error, a row's message) with the values it names
 * ('Cabecera {{title}} no encontrada en la excel'); a plain text the server sent is shown as it is.
 */
export function importText(key: string, params: Record<string, string> = {}): string {
  return i18n.exists(key) ? i18n.t(key, { max: MAX_FILE_SIZE_MB, ...params }) : key;
}
