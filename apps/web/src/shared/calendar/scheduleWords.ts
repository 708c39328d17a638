import { WEEKDAYS } from "@coordina/domain";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import "./texts";

/** A schedule's weekdays ('3,1') as numbers 1 (Monday) … 7 (Sunday), Monday first, unknown ones left out. */
export function weekdaysOf(weekday: string): number[] {
  const days = new Set(weekday.split(",").map((part) => Number(part.trim())));
  return WEEKDAYS.filter((day) => days.has(day));
}

/** A slot whose end is not after its start runs past midnight into the next day ('22:00' to '06:00'). */
export function runsOvernight(starttime: string, endtime: string): boolean {
  return endtime <= starttime;
}

/**
 * How a weekly slot reads wherever it shows (the provider's 'Programación', the community's calendar): a weekday's
 * name ('Lunes'), its days ('Lunes, Miércoles'), its hours ('de 22:00 a 06:00 (hasta el día siguiente)') and the
 * last day it holds ('Hasta 31/01/2027', 'Sin caducidad').
 */
export function useScheduleWords() {
  const { t } = useTranslation(undefined, { keyPrefix: "schedule-words" });
  const weekday = (day: number) => t(`weekdays.${day}`);
  return {
    weekday,
    days: (weekdays: string) => weekdaysOf(weekdays).map(weekday).join(", "),
    hours: (start: string, end: string) => t(runsOvernight(start, end) ? "overnight" : "hours", { start, end }),
    until: (obsolete: string | null) => (obsolete ? t("until", { date: formatDate(obsolete) }) : t("no-end")),
  };
}
