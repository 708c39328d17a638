import { Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dayjs } from "../../../app/dates";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { QueryView } from "../../../ui/LoadState";
import { porterCalendarQuery } from "../api/fetchPorterCalendar";
import { monthName, visitSpan } from "../logic";

/**
 * The community's visits this month, as its porter sees them (spec 02 §2 'Porter's own view': calendar,
 * current month entries): each provider with its span and comment. The calendar itself comes with its
 * own issue.
 */
export function CalendarTab({ communityId }: { communityId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel.calendar" });
  // The month when the tab opened: it does not change under the porter's eyes at midnight.
  const [{ year, month }] = useState(() => ({ year: dayjs().year(), month: dayjs().month() + 1 }));
  const calendar = useQuery(porterCalendarQuery(communityId, year, month));
  return (
    <Stack gap="md" data-testid="porter-calendar">
      <Title order={4}>{t("title", { month: monthName(year, month) })}</Title>
      <QueryView
        query={calendar}
        loading={t("loading")}
        errorTestId="porter-calendar-error"
        isEmpty={(entries) => entries.length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="porter-calendar-empty">
            {t("empty")}
          </Text>
        }
      >
        {(entries) => (
          <Stack gap="xs" role="list" aria-label={t("list-label")}>
            {entries.map((entry) => (
              <ItemCard key={entry.id} data-testid="porter-calendar-entry" actions={null}>
                <ItemTitle>{entry.provider_name}</ItemTitle>
                <ItemMeta parts={[visitSpan(entry.startdate, entry.enddate)]} />
                <Text size="sm" c={entry.comment ? undefined : "dimmed"} style={{ wordBreak: "break-word" }}>
                  {entry.comment || t("no-comment")}
                </Text>
              </ItemCard>
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
