// Built once each: a DateTimeFormat costs more to build than to use.
const spainDateTime = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The parts of an instant as a clock in Spain shows them, whatever the device's time zone. */
function partsInSpain(iso: string): Record<"day" | "month" | "year" | "hour" | "minute", string> {
  const parts = Object.fromEntries(spainDateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return {
    day: parts.day ?? "",
    month: parts.month ?? "",
    year: parts.year ?? "",
    hour: parts.hour ?? "",
    minute: parts.minute ?? "",
  };
}

/** An arrival's moment in Spain: '27/11/2026 09:14'. */
export function arrivalDateTime(iso: string): string {
  const p = partsInSpain(iso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** An arrival's time of day in Spain: '09:14'. */
export function arrivalClock(iso: string): string {
  const p = partsInSpain(iso);
  return `${p.hour}:${p.minute}`;
}
