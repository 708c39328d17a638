import { type CalendarEntry, type CalendarMonth, type CalendarSide, type CommunityView, Role } from "@coordina/domain";
import { Button, Grid, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCalendarPlus, IconUsers } from "@tabler/icons-react";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { CalendarEntriesCard, type ListPaging } from "../../shared/calendar/CalendarEntriesCard";
import { spanText } from "../../shared/calendar/calendarDays";
import { MonthCalendar } from "../../shared/calendar/MonthCalendar";
import { type CalendarMonthState, useCalendarMonth } from "../../shared/calendar/useCalendarMonth";
import { namedFor } from "../../ui/ItemCard";
import { QueryView } from "../../ui/LoadState";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../ui/RowActions";
import { useDeleteCalendarEntry } from "./api/deleteCalendarEntry";
import { calendarMonthQuery } from "./api/fetchCalendarMonth";
import type { NoticePace } from "./api/sendNotices";
import { AddEntryModal } from "./components/AddEntryModal";
import { CoincidencesModal, type CoincidencesSubject } from "./components/CoincidencesModal";
import { NoticesCard } from "./components/NoticesCard";
import { SchedulesCard } from "./components/SchedulesCard";
import texts from "./es.json";

addTexts(texts);

/**
 * The community's calendar (spec 02 §2 'Provider calendar', §4, §5, §6, §8, §9; issue 22 items 1–3), at
 * gremio/calendar of the panel: the month in Spanish with its days with entries marked, a day chosen narrowing
 * the lists; the providers' weekly schedules and 24-hour services beside it; 'Otros Proveedores' and, for a
 * provider, 'Mis Fechas' (delete, 'Coincidencias') and 'Añadir'; under them the month's coincidence notices.
 * An administrator sees every entry in one list, without 'Añadir' or 'Mis Fechas'. Each list is a page the
 * server chose (of the side and the day), turned on its own; the marked days, schedules and services come with
 * the first list's answer. `pace` is the notices' sending pace (tests shorten it).
 */
export default function CalendarPage({ pace }: { pace?: NoticePace } = {}) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-page" });
  const community = useOutletContext<CommunityView>();
  const provider = roleOf(useSession()) === Role.gremio;
  const shown = useCalendarMonth();
  const firstSide: CalendarSide = provider ? "others" : "all";
  const ask = (side: CalendarSide) => ({ side, day: shown.day, page: shown.page(side) });
  const month = useQuery(calendarMonthQuery(community.id, shown.year, shown.month, ask(firstSide)));
  const mine = useQuery({
    ...calendarMonthQuery(community.id, shown.year, shown.month, ask("mine")),
    enabled: provider,
  });
  // The month's days, schedules and services come with either list's answer: one list failing hides nothing.
  const monthAnswer = month.data ?? mine.data;
  const [adding, setAdding] = useState(false);
  const [coincidences, setCoincidences] = useState<CoincidencesSubject | null>(null);
  const remove = useDeleteCalendarEntry(community.id);
  const actions = useRowActions((entry: CalendarEntry) => entry.id, {
    delete: {
      run: (entry) => remove.mutateAsync(entry.id),
      label: () => t("delete"),
      ...TRASH,
      ask: {
        title: t("delete-title"),
        text: () => t("delete-question"),
        cancelLabel: t("cancel"),
        confirmLabel: t("confirm-delete"),
      },
      done: () => t("deleted"),
    },
  });

  const ownButtons = (entry: CalendarEntry) => (
    <>
      <IconAction
        {...namedFor(
          {
            label: t("coincidences"),
            icon: <IconAlertTriangle size={18} />,
            onClick: () => setCoincidences({ entryId: entry.id, notify: entry.notify }),
          },
          spanText(entry.startdate, entry.enddate),
        )}
      />
      <IconAction {...namedFor(actions.button("delete", entry), spanText(entry.startdate, entry.enddate))} />
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{t("title")}</Title>
        {provider && (
          <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t("add")}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      <RowActionHost actions={actions} testId="calendar-notice-alert" />
      {/* Side by side only on the widest screens: beside the panel's menu at 1366 px the entries' table needs the
          whole width (the month and the weekly schedules then sit above it, side by side). */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 1 }} spacing="md">
            <MonthCalendar state={shown} days={monthAnswer?.days ?? []} />
            {monthAnswer && <SchedulesCard month={monthAnswer} />}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Stack gap="md">
            <EntriesList query={month} side={firstSide} shown={shown} loading={t("loading")}>
              {(answer, paging) => (
                <CalendarEntriesCard
                  title={t("others")}
                  icon={<IconUsers size={20} aria-hidden />}
                  answer={answer}
                  paging={paging}
                  empty={t(provider ? "others-empty" : "all-empty")}
                  itemTestId="calendar-other-entry"
                />
              )}
            </EntriesList>
            {provider && (
              <EntriesList query={mine} side="mine" shown={shown} loading={t("loading")}>
                {(answer, paging) => (
                  <CalendarEntriesCard
                    title={t("mine")}
                    answer={answer}
                    paging={paging}
                    empty={t("mine-empty")}
                    actions={ownButtons}
                    itemTestId="calendar-own-entry"
                  />
                )}
              </EntriesList>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <NoticesCard communityId={community.id} year={shown.year} month={shown.month} />
      {provider && (
        <AddEntryModal
          opened={adding}
          communityId={community.id}
          day={shown.day}
          onClose={() => setAdding(false)}
          onAdded={(answer) => {
            setAdding(false);
            actions.setNotice(t("added"));
            if (answer.incidences.length > 0)
              setCoincidences({ entryId: answer.data.id, coincidences: answer.incidences, notify: answer.data.notify });
          }}
        />
      )}
      <CoincidencesModal
        subject={coincidences}
        communityId={community.id}
        pace={pace}
        onClose={() => setCoincidences(null)}
      />
    </Stack>
  );
}

/** One list of the month: its loading and failure (with 'Reintentar'), then its page and how it turns. */
function EntriesList({
  query,
  side,
  shown,
  loading,
  children,
}: {
  query: UseQueryResult<CalendarMonth>;
  side: CalendarSide;
  shown: CalendarMonthState;
  loading: string;
  children: (answer: CalendarMonth, paging: ListPaging) => ReactNode;
}) {
  return (
    <QueryView query={query} loading={loading} errorTestId="calendar-error" retry>
      {(answer) =>
        children(answer, {
          page: shown.page(side),
          onPage: (page) => shown.setPage(side, page),
          refreshing: query.isFetching,
          stale: query.isPlaceholderData,
        })
      }
    </QueryView>
  );
}
