import { ErrorKey, type ErrorKeyValue } from "./errors.js";
import type { ImportMessage } from "./schemas/imports.js";

/**
 * The Spanish text of every message an import row can carry (issue 20), for the error file the server
 * writes ('Errores-Importacion.xlsx'): the server does not read the web's catalogue, so the row messages
 * live here too, word for word as apps/web/src/locales/es.json has them (a test keeps both equal).
 * `{{name}}` is filled from the message's params.
 */
export const IMPORT_MESSAGE_TEXTS = {
  [ErrorKey.importMailInvalid]: "El correo {{mail}} no tiene el formato correcto: línea {{row}}",
  [ErrorKey.importActivityNotFound]:
    "La actividad {{activity}} no se encuentra entre las definidas. Añadir a Actividades",
  [ErrorKey.pairFincaNotFound]: "La finca con nif {{cif_finca}} no existe",
  [ErrorKey.pairProviderNotFound]: "El proveedor con nif {{cif_provider}} no existe",
  [ErrorKey.pairExists]: "El proveedor con nif {{cif_provider}} ya está asociado a la finca {{cif_finca}}",
  [ErrorKey.importRowNoCif]: "Error en el registro, no hay cif",
  [ErrorKey.importRowNoName]: "Error en el registro, no hay nombre",
  [ErrorKey.importRowFailed]: "Error en el registro",
  [ErrorKey.importRowInsertFailed]: "Error al insertar el proveedor",
  [ErrorKey.importRowDuplicate]: "El CIF {{cif}} ya está en la fila {{first}} del fichero",
  [ErrorKey.importRowEmailTaken]: "El correo {{mail}} ya es el usuario de otra empresa",
  [ErrorKey.importRowEmailRepeated]: "El correo {{mail}} ya está en la fila {{first}} del fichero",
  [ErrorKey.importRowTypeMismatch]: "El CIF {{cif}} ya está registrado como otro tipo de empresa",
  [ErrorKey.importRowDeactivated]: "La empresa con CIF {{cif}} está desactivada en el colegio: actívala desde la lista",
  [ErrorKey.importRowFincaCifTaken]: "Ya existe otra finca con el CIF {{cif}}",
  [ErrorKey.importRowProviderNotInColegio]:
    "El proveedor con nif {{cif_provider}} no trabaja en el colegio de la finca",
  [ErrorKey.importRowCreated]: "Dada de alta; le hemos enviado la invitación",
  [ErrorKey.importRowIncluded]: "Ya estaba registrada: incluida en el colegio y avisada por correo",
  [ErrorKey.importRowAlreadyMember]: "Ya estaba en el colegio",
  [ErrorKey.importRowCommunityCreated]: "Finca creada",
  [ErrorKey.importRowCommunityExists]: "La finca ya existía",
  [ErrorKey.importRowLinked]: "Proveedor asociado a la finca",
  [ErrorKey.importRowInterrupted]:
    "La importación se interrumpió antes de esta fila. Vuelve a importar el mismo fichero: lo ya importado no se repite.",
  [ErrorKey.importRowTooLong]: "El campo {{column}} tiene más de {{max}} caracteres",
  [ErrorKey.importRowCifInvalid]: "El CIF {{cif}} no es válido",
} as const satisfies Partial<Record<ErrorKeyValue, string>>;

/** A key the table has a text for: the only keys a row's message may carry. */
export type ImportMessageKey = keyof typeof IMPORT_MESSAGE_TEXTS;

/** A row's message: a key of the table (so the error file never shows a row the generic text) and its params. */
export const importMessage = (key: ImportMessageKey, params: Record<string, string> = {}): ImportMessage => ({
  key,
  params,
});

const TEXTS: Readonly<Record<string, string>> = IMPORT_MESSAGE_TEXTS;

/**
 * A row message as the user reads it: its Spanish text with the params filled in; '' for none. A key
 * outside the table (never sent by the server) reads as the generic 'Error en el registro'.
 */
export function importMessageText(message: ImportMessage | null | undefined): string {
  if (!message) return "";
  const text = TEXTS[message.key] ?? IMPORT_MESSAGE_TEXTS[ErrorKey.importRowFailed];
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => message.params[name] ?? "");
}
