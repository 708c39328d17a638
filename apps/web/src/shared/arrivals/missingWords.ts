import { formatDay, type Light, type MissingDuty } from "@coordina/domain";
import i18n, { addTexts } from "../../app/i18n";
import texts from "./es.json";

addTexts(texts);

/**
 * What a provider still lacks in a community, in plain words for the person at the door and for the
 * administrator's record of arrivals (issue 19 'Arrival check'): 'Seguro de responsabilidad civil:
 * caducado el 12/03/2026', 'Seguro de responsabilidad civil: no subido', '…: falta la fecha de
 * caducidad', 'Pendiente de leer: Plan de emergencia (plan-2026.pdf)'.
 */
export function missingWord(duty: MissingDuty): string {
  if (duty.kind === "read") {
    return i18n.t("arrival-missing.read", { definition: duty.definition_name, document: duty.document_name });
  }
  if (duty.reason === "expired") {
    if (!duty.expired_on) return i18n.t("arrival-missing.expired-undated", { definition: duty.definition_name });
    return i18n.t("arrival-missing.expired", { definition: duty.definition_name, date: formatDay(duty.expired_on) });
  }
  return i18n.t(`arrival-missing.${duty.reason}`, { definition: duty.definition_name });
}

/**
 * Every missing item in words, in the order the server sent them, each with a key for its list item: the
 * definition (an upload) or the document (a read) and its place, so that two items alike are still two.
 */
export function missingItems(missing: readonly MissingDuty[]): { key: string; words: string }[] {
  return missing.map((duty, index) => ({
    key: `${duty.kind}-${duty.kind === "upload" ? duty.definition_id : duty.document_id}-${index}`,
    words: missingWord(duty),
  }));
}

/** The arrival light: green when nothing is missing, red otherwise. */
export function arrivalLight(missing: readonly MissingDuty[]): Light {
  return missing.length === 0 ? "ok" : "error";
}

/** What the arrival light says to a screen reader: 'En regla' or 'Le falta documentación'. */
export function arrivalLightLabel(missing: readonly MissingDuty[]): string {
  return i18n.t(`arrival-missing.light-${arrivalLight(missing)}`);
}
