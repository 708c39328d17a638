import { type CalendarEntry, type CommunityView, Role } from "@coordina/domain";
import { Button, Grid, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCalendarPlus, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { CalendarEntriesCard } from "../../shared/calendar/CalendarEntriesCard";
import { daysWithEntries, entriesOfDay, spanText } from "../../shared/calendar/calendarDays";
import { MonthCalendar } from "../../shared/calendar/MonthCalendar";
import { useCalendarMonth } from "../../shared/calendar/useCalendarMonth";
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

const EMPTY: CalendarEntry[] = [];

/**
 * The community's calendar (spec 02 §2 'Provider calendar', §4, §5, §6, §8, §9; issue 22 items 1–3), at
 * gremio/calendar of the panel: the month in Spanish with its days with entries marked, a day chosen filtering
 * the lists; the providers' weekly schedules and 24-hour services beside it; 'Otros Proveedores' and, for a
 * provider, 'Mis Fechas' (delete, 'Coincidencias') and 'Añadir'; under them the month's coincidence notices.
 * An administrator sees every entry in one list, without 'Añadir' or 'Mis Fechas'. `pace` is the notices'
 * sending pace (tests shorten it).
 */
export default function CalendarPage({ pace }: { pace?: NoticePace } = {}) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-page" });
  const community = useOutletContext<CommunityView>();
  const provider = roleOf(useSession()) === Role.gremio;
  const shown = useCalendarMonth();
  const month = useQuery(calendarMonthQuery(community.id, shown.year, shown.month));
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

  const entries = month.data?.calendar ?? EMPTY;
  const ofDay = entriesOfDay(entries, shown.day);
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
            <MonthCalendar state={shown} highlighted={daysWithEntries(entries, shown)} />
            {month.data && <SchedulesCard month={month.data} />}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <QueryView query={month} loading={t("loading")} errorTestId="calendar-error" retry>
            {() =>
              provider ? (
                <Stack gap="md">
                  <CalendarEntriesCard
                    title={t("others")}
                    icon={<IconUsers size={20} aria-hidden />}
                    entries={ofDay.filter((entry) => !entry.mine)}
                    empty={t("others-empty")}
                    itemTestId="calendar-other-entry"
                  />
                  <CalendarEntriesCard
                    title={t("mine")}
                    entries={ofDay.filter((entry) => entry.mine)}
                    empty={t("mine-empty")}
                    actions={ownButtons}
                    itemTestId="calendar-own-entry"
                  />
                </Stack>
              ) : (
                <CalendarEntriesCard
                  title={t("others")}
                  icon={<IconUsers size={20} aria-hidden />}
                  entries={ofDay}
                  empty={t("all-empty")}
                  itemTestId="calendar-other-entry"
                />
              )
            }
          </QueryView>
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
