/**
 * CSV that a Spanish Excel or LibreOffice opens as it is: UTF-8 with a byte-order mark (or accents break),
 * ';' between fields (',' is the decimal separator there), CRLF line ends, and quotes where a field needs
 * them. A text that a spreadsheet would run as a formula (=, +, -, @ …) is prefixed with an apostrophe,
 * except plain numbers and phone numbers such as '+34 910 000 001'.
 */
const BOM = "\uFEFF";
const NUMERIC = /^[+-]?[\d\s().]+$/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMERIC.test(text)) text = `'${text}`;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => `${row.map(csvCell).join(";")}\r\n`);
  return `${BOM}${lines.join("")}`;
}
