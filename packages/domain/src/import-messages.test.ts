import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ErrorKey } from "./errors.js";
import { IMPORT_MESSAGE_TEXTS, importMessageText } from "./import-messages.js";

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
