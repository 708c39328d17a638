import type { Schedule } from "@coordina/domain";
import { Button, Stack, Table } from "@mantine/core";
import { IconClockHour4, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { useScheduleWords } from "../../../shared/calendar/scheduleWords";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { ErrorAlert } from "../../../ui/LoadState";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../../ui/RowActions";
import { schedulesQuery, useDeleteSchedule } from "../api/schedules";
import { ScheduleModal } from "./ScheduleModal";

/**
 * 'Programación' (spec 02 §2 'Provider configuration and schedule'): the provider's weekly slots, which the
 * other providers and the administrator see beside the entries of every community it serves; 'Añadir' and
 * delete (after '¿Estás seguro?').
 */
export function SchedulesCard() {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-config.schedules" });
  const { t: tAll } = useTranslation();
  const words = useScheduleWords();
  const texts = {
    days: (row: Schedule) => words.days(row.weekday),
    hours: (row: Schedule) => words.hours(row.starttime, row.endtime),
    until: (row: Schedule) => words.until(row.obsolete),
  };
  const schedules = useQuery(schedulesQuery());
  const remove = useDeleteSchedule();
  const [adding, setAdding] = useState(false);
  const actions = useRowActions((row: Schedule) => row.id, {
    remove: {
      label: (row) => `${t("delete")}: ${row.title}`,
      hint: t("delete"),
      ...TRASH,
      run: (row) => remove.mutateAsync(row.id),
      done: (row) => t("deleted", { title: row.title }),
      ask: {
        title: t("confirm-title"),
        text: (row) => t("confirm-text", { title: row.title }),
        cancelLabel: t("confirm-back"),
        confirmLabel: t("confirm"),
      },
    },
  });
  const list = schedules.data ?? [];

  const rows = list.map((row) => (
    <Table.Tr key={row.id} data-testid="schedule-row">
      <Table.Td>{row.title}</Table.Td>
      <Table.Td>{texts.days(row)}</Table.Td>
      <Table.Td>{texts.hours(row)}</Table.Td>
      <Table.Td>{texts.until(row)}</Table.Td>
      <Table.Td>
        <IconAction {...actions.button("remove", row)} />
      </Table.Td>
    </Table.Tr>
  ));
  const cards = list.map((row) => (
    <ItemCard key={row.id} data-testid="schedule-card" actions={<IconAction {...actions.button("remove", row)} />}>
      <ItemTitle>{row.title}</ItemTitle>
      <ItemMeta parts={[texts.days(row), texts.hours(row)]} />
      <ItemMeta parts={[texts.until(row)]} />
    </ItemCard>
  ));

  return (
    <Stack gap="sm">
      <RowActionHost actions={actions} testId="schedules-notice" />
      {schedules.isError && (
        <ErrorAlert role="alert" onRetry={() => void schedules.refetch()} retrying={schedules.isFetching}>
          {errorText(schedules.error)}
        </ErrorAlert>
      )}
      <ListCard
        title={t("title")}
        icon={<IconClockHour4 size={20} aria-hidden />}
        columns={[t("columns.title"), t("columns.days"), t("columns.hours"), t("columns.until"), t("columns.actions")]}
        rows={rows}
        cards={cards}
        cardsTestId="schedule-cards"
        empty={schedules.isPending ? tAll("provider-config.loading") : t("empty")}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t("add")}
          </Button>
        }
      />
      <ScheduleModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(schedule) => {
          setAdding(false);
          actions.setNotice(t("added", { title: schedule.title }));
        }}
      />
    </Stack>
  );
}
