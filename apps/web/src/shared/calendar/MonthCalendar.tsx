import "@mantine/dates/styles.css";
import { Button, Card, Group, Indicator, Stack, Text } from "@mantine/core";
import { Calendar } from "@mantine/dates";
import { IconCalendarMonth } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { dayjs } from "../../app/dates";
import { firstDayOf, monthOfDay, monthWords, shownDate } from "./calendarDays";
import "./texts";
import type { CalendarMonthState } from "./useCalendarMonth";

interface MonthCalendarProps {
  state: CalendarMonthState;
  /** the days some entry covers ('YYYY-MM-DD'), highlighted */
  highlighted: ReadonlySet<string>;
  /** under the calendar (e.g. the buttons of the screen) */
  children?: ReactNode;
}

/**
 * A month calendar in Spanish (spec 02 §2 'Provider calendar', §9 locale es): the days with entries marked
 * (a dot, and said to a screen reader), a day chosen filters the lists to it, 'Ver todo el mes' shows the
 * whole month again, the arrows change month. The days are buttons the arrow keys move between.
 */
export function MonthCalendar({ state, highlighted, children }: MonthCalendarProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "month-calendar" });
  const month = { year: state.year, month: state.month };
  const dayWords = (date: string) => dayjs(date).format("dddd D [de] MMMM [de] YYYY");
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
          getDayAriaLabel={(date) =>
            highlighted.has(date) ? t("day-with-entries", { day: dayWords(date) }) : dayWords(date)
          }
          getDayProps={(date) => ({
            selected: state.day === date,
            "data-has-entries": highlighted.has(date) || undefined,
            onClick: () => state.setDay(state.day === date ? null : date),
          })}
          renderDay={(date) => (
            <Indicator size={6} color="blue.8" offset={-3} disabled={!highlighted.has(date)} position="bottom-center">
              <div>{dayjs(date).date()}</div>
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
