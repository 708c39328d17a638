import { Grid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CalendarEntriesCard } from "../../../shared/calendar/CalendarEntriesCard";
import { monthWords } from "../../../shared/calendar/calendarDays";
import { MonthCalendar } from "../../../shared/calendar/MonthCalendar";
import { useCalendarMonth } from "../../../shared/calendar/useCalendarMonth";
import { QueryView } from "../../../ui/LoadState";
import { porterCalendarQuery } from "../api/fetchPorterCalendar";

/**
 * The community's visits, as its porter sees them (spec 02 §2 'Porter's own view': calendar; issue 22): the
 * month in Spanish with its days with visits marked, read only; a day chosen shows its visits, the arrows
 * another month. The server pages the visits of the month or the day. It opens on the current month.
 */
export function CalendarTab({ communityId }: { communityId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel.calendar" });
  const shown = useCalendarMonth();
  const calendar = useQuery(
    porterCalendarQuery(communityId, shown.year, shown.month, { day: shown.day, page: shown.page("all") }),
  );
  return (
    <Stack gap="md" data-testid="porter-calendar">
      <Title order={4}>{t("title", { month: monthWords(shown) })}</Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <MonthCalendar state={shown} days={calendar.data?.days ?? []} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <QueryView query={calendar} loading={t("loading")} errorTestId="porter-calendar-error">
            {(answer) => (
              <CalendarEntriesCard
                title={t("list-label")}
                answer={answer}
                paging={{
                  page: shown.page("all"),
                  onPage: (page) => shown.setPage("all", page),
                  refreshing: calendar.isFetching,
                  stale: calendar.isPlaceholderData,
                }}
                empty={t(shown.day === null ? "empty" : "empty-day")}
                itemTestId="porter-calendar-entry"
              />
            )}
          </QueryView>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
