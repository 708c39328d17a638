import "@mantine/dates/styles.css";
import type { CalendarDay } from "@coordina/domain";
import { Button, Card, Group, Indicator, Stack, Text } from "@mantine/core";
import { Calendar } from "@mantine/dates";
import { IconCalendarMonth } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { dayjs } from "../../app/dates";
import { firstDayOf, markedDays, monthOfDay, monthWords, shownDate } from "./calendarDays";
import "./texts";
import type { CalendarMonthState } from "./useCalendarMonth";

interface MonthCalendarProps {
  state: CalendarMonthState;
  /** the days of the month some entry covers, with how many are the caller's and others' (the answer's `days`) */
  days: readonly CalendarDay[];
  /** under the calendar (e.g. the buttons of the screen) */
  children?: ReactNode;
}

/**
 * A month calendar in Spanish (spec 02 §2 'Provider calendar', §9 locale es): the days with entries marked
 * (a dot; how many, and how many of them the caller's, said to a screen reader and in the day's tooltip), a
 * day chosen narrows the lists to it, 'Ver todo el mes' shows the whole month again, the arrows change month.
 * The days are buttons the arrow keys move between.
 */
export function MonthCalendar({ state, days, children }: MonthCalendarProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "month-calendar" });
  const month = { year: state.year, month: state.month };
  const marked = markedDays(days, month);
  const dayWords = (date: string) => dayjs(date).format("dddd D [de] MMMM [de] YYYY");
  const dayLabel = (date: string) => {
    const entries = marked.get(date);
    if (!entries) return dayWords(date);
    const count = entries.mine + entries.others;
    return entries.mine > 0
      ? t("day-with-own-entries", { day: dayWords(date), count, mine: entries.mine })
      : t("day-with-entries", { day: dayWords(date), count });
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="month-calendar">
      <Stack gap="sm" align="center">
        <Calendar
          locale="es"
          maxLevel="month"
          date={firstDayOf(month)}
          onDateChange={(date) => state.setMonth(monthOfDay(date))}
          hideOutsideDates
          aria-label={t("label", { month: monthWords(month) })}
          ariaLabels={{ previousMonth: t("previous-month"), nextMonth: t("next-month") }}
          getDayAriaLabel={dayLabel}
          getDayProps={(date) => ({
            selected: state.day === date,
            "data-has-entries": marked.has(date) || undefined,
            onClick: () => state.setDay(state.day === date ? null : date),
          })}
          renderDay={(date) => (
            <Indicator size={6} color="blue.8" offset={-3} disabled={!marked.has(date)} position="bottom-center">
              {/* The tooltip for the mouse sits on the number, hidden from screen readers: on the button it would be
                  read after its label, which says the same. */}
              <div title={marked.has(date) ? dayLabel(date) : undefined} aria-hidden>
                {dayjs(date).date()}
              </div>
            </Indicator>
          )}
        />
        <Group justify="space-between" w="100%" wrap="wrap" gap="xs">
          <Text size="sm" aria-live="polite" data-testid="calendar-showing">
            {state.day
              ? t("showing-day", { day: shownDate(state.day) })
              : t("showing-month", { month: monthWords(month) })}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalendarMonth size={14} aria-hidden />}
            disabled={state.day === null}
            onClick={() => state.setDay(null)}
          >
            {t("whole-month")}
          </Button>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
