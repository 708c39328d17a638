import { Grid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CalendarEntriesCard } from "../../../shared/calendar/CalendarEntriesCard";
import { daysWithEntries, entriesOfDay, monthWords } from "../../../shared/calendar/calendarDays";
import { MonthCalendar } from "../../../shared/calendar/MonthCalendar";
import { useCalendarMonth } from "../../../shared/calendar/useCalendarMonth";
import { QueryView } from "../../../ui/LoadState";
import { porterCalendarQuery } from "../api/fetchPorterCalendar";

/**
 * The community's visits, as its porter sees them (spec 02 §2 'Porter's own view': calendar; issue 22): the
 * month in Spanish with its days with visits marked, read only; a day chosen shows its visits, the arrows
 * another month. It opens on the current month.
 */
export function CalendarTab({ communityId }: { communityId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel.calendar" });
  const shown = useCalendarMonth();
  const calendar = useQuery(porterCalendarQuery(communityId, shown.year, shown.month));
  const entries = calendar.data ?? [];
  return (
    <Stack gap="md" data-testid="porter-calendar">
      <Title order={4}>{t("title", { month: monthWords(shown) })}</Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <MonthCalendar state={shown} highlighted={daysWithEntries(entries, shown)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <QueryView query={calendar} loading={t("loading")} errorTestId="porter-calendar-error">
            {(all) => (
              <CalendarEntriesCard
                title={t("list-label")}
                entries={entriesOfDay(all, shown.day)}
                empty={t(all.length === 0 ? "empty" : "empty-day")}
                itemTestId="porter-calendar-entry"
              />
            )}
          </QueryView>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
