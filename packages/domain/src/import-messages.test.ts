import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ErrorKey, ValidationKey } from "./errors.js";
import { IMPORT_MESSAGE_TEXTS, importMessage, importMessageText } from "./import-messages.js";

const catalogue = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../apps/web/src/locales/es.json"), "utf8"),
) as Record<string, unknown>;

/** The web catalogue's text of a dotted key ('import.row.no-cif' is catalogue.import.row['no-cif']). */
function webText(key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe("the Spanish texts of import row messages", () => {
  const keys = Object.keys(IMPORT_MESSAGE_TEXTS) as (keyof typeof IMPORT_MESSAGE_TEXTS)[];

  it("are word for word the web catalogue's", () => {
    expect(keys.length).toBeGreaterThanOrEqual(20);
    for (const key of keys) expect(IMPORT_MESSAGE_TEXTS[key], key).toBe(webText(key));
  });

  it("cover every row message key", () => {
    const rowKeys = Object.values(ErrorKey).filter((key) => key.startsWith("import.row."));
    expect(rowKeys.length).toBeGreaterThan(0);
    for (const key of [...rowKeys, ErrorKey.importMailInvalid, ErrorKey.importActivityNotFound])
      expect(keys, key).toContain(key);
  });

  it("are the only keys a row's message is made with: the error file never falls back to the generic text", () => {
    // The kinds build every row message with importMessage, which takes a key of the table only.
    // @ts-expect-error a form's validation key has no text in the error file
    importMessage(ValidationKey.cifInvalid);
    // @ts-expect-error nor has a sheet's
    importMessage(ErrorKey.importEmpty);
    const generic = IMPORT_MESSAGE_TEXTS[ErrorKey.importRowFailed];
    for (const key of keys.filter((k) => k !== ErrorKey.importRowFailed))
      expect(importMessageText(importMessage(key)), key).not.toBe(generic);
  });

  it("say which field is too long and which tax id is not one", () => {
    expect(importMessageText(importMessage(ErrorKey.importRowTooLong, { column: "tlfn", max: "30" }))).toBe(
      "El campo tlfn tiene más de 30 caracteres",
    );
    expect(importMessageText(importMessage(ErrorKey.importRowCifInvalid, { cif: "2024-01-15" }))).toBe(
      "El CIF 2024-01-15 no es válido",
    );
  });

  it("fill in the params", () => {
    expect(importMessageText({ key: ErrorKey.importMailInvalid, params: { mail: "x@", row: "7" } })).toBe(
      "El correo x@ no tiene el formato correcto: línea 7",
    );
    expect(importMessageText({ key: ErrorKey.importRowDuplicate, params: { cif: "B1", first: "2" } })).toBe(
      "El CIF B1 ya está en la fila 2 del fichero",
    );
    expect(importMessageText(null)).toBe("");
    expect(importMessageText({ key: "import.row.unknown-to-the-table", params: {} })).toBe("Error en el registro");
  });
});
