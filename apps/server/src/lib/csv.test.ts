import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.js";

describe("csvCell", () => {
  it.each([
    [null, ""],
    [undefined, ""],
    ["", ""],
    [0, "0"],
    [42, "42"],
    [true, "true"],
    ["Ascensores Levante S.L.", "Ascensores Levante S.L."],
    ["Jardinería Ñandú", "Jardinería Ñandú"],
    ["coma, no separa", "coma, no separa"],
    ["it's", "it's"],
  ])("leaves a plain value as it is: %j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ["Fincas; Centro", '"Fincas; Centro"'],
    ['Fincas "La Plaza"', '"Fincas ""La Plaza"""'],
    ['"', '""""'],
    ["línea 1\nlínea 2", '"línea 1\nlínea 2"'],
    ["línea 1\r\nlínea 2", '"línea 1\r\nlínea 2"'],
    [" espacio delante", '" espacio delante"'],
    ["espacio detrás ", '"espacio detrás "'],
  ])("quotes a value that needs it, doubling quotes: %j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["=", "'="],
    ["+cmd", "'+cmd"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["-1+1", "'-1+1"],
    ["-", "'-"],
    ["+", "'+"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1+1", "'\t=1+1"],
    ['=HYPERLINK("http://x.test";"clic")', `"'=HYPERLINK(""http://x.test"";""clic"")"`],
    ["\r=1+1", '"\'\r=1+1"'],
  ])("neutralises a formula with a leading apostrophe (and quotes it if needed): %j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each(["+34 910 000 001", "+34 (91) 000.00.01", "-12.5", "+7", "-3"])(
    "keeps a phone number or plain number as it is: %j",
    (value) => {
      expect(csvCell(value)).toBe(value);
    },
  );

  it("converts numbers that are negative to text without an apostrophe", () => {
    expect(csvCell(-5)).toBe("-5");
  });
});

describe("toCsv", () => {
  it("writes the BOM, ';' separators and CRLF after every line, header first", () => {
    const csv = toCsv(
      ["cif", "name", "n"],
      [
        ["B1", "Uno; Dos", 3],
        ["B2", null, 0],
      ],
    );
    expect(csv).toBe('\uFEFFcif;name;n\r\nB1;"Uno; Dos";3\r\nB2;;0\r\n');
  });

  it("is the header alone when there are no rows", () => {
    expect(toCsv(["a", "b"], [])).toBe("\uFEFFa;b\r\n");
  });

  it("keeps a field with a line break in one record", () => {
    const csv = toCsv(["a", "b"], [["x\ny", "z"]]);
    expect(csv).toBe('\uFEFFa;b\r\n"x\ny";z\r\n');
    // Only the record ends are CRLF; the embedded LF stays inside the quotes.
    expect(csv.slice(1).split("\r\n")).toEqual(["a;b", '"x\ny";z', ""]);
  });

  it("neutralises formulas in the header too", () => {
    expect(toCsv(["=x"], [])).toBe("\uFEFF'=x\r\n");
  });
});
