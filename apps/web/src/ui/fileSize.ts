const UNITS = ["kB", "MB", "GB"] as const;
const NUMBER = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A file size as the spec shows it (02 §9): in kB, MB or GB with one decimal, e.g. '1,5 MB'. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${NUMBER.format(value)} ${UNITS[unit]}`;
}
