/**
 * Characters no field has a use for: C0 controls but tab, line feed and carriage return; DEL; C1
 * controls. NUL among them: PostgreSQL refuses it in text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Line breaks, which only multiline texts may hold. */
export const LINE_BREAK = /[\r\n\u2028\u2029]/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose
const CONTROLS_AND_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A one-line text from outside (a file name, a user agent) without control characters or line breaks. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS_AND_BREAKS, "");
}
