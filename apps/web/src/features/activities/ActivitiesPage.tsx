import { type ActivitiesIndexRequest, type ActivityRow, PAGE_SIZE } from "@coordina/domain";
import { Button, Table } from "@mantine/core";
import { IconListDetails, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import type { ListColumn } from "../../ui/ListCard";
import { ListPage } from "../../ui/ListPage";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../ui/RowActions";
import { usePagedList } from "../../ui/usePagedList";
import { AddActivitiesModal } from "./AddActivitiesModal";
import { useDeleteActivity } from "./api/deleteActivity";
import { fetchActivities } from "./api/fetchActivities";
import texts from "./es.json";

addTexts(texts);

type ActivitySort = NonNullable<ActivitiesIndexRequest["sortBy"]>;

/** The colegio's activities (spec 01 §2 activities editor): search, sort, add in bulk and delete. */
export default function ActivitiesPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "activities-page" });
  const [adding, setAdding] = useState(false);
  const remove = useDeleteActivity();

  const activities = usePagedList<ActivityRow, ActivitySort>(queryKeys.activities, {}, fetchActivities, t("empty"), {
    limit: PAGE_SIZE.activitiesTable,
    sort: null,
  });
  const actions = useRowActions((row: ActivityRow) => row.id, {
    remove: {
      label: (row) => `${t("delete")}: ${row.name}`,
      hint: t("delete"),
      ...TRASH,
      run: (row) => remove.mutateAsync(row.id),
      done: (row) => t("deleted", { name: row.name }),
      ask: {
        title: t("confirm-delete-title"),
        text: (row) => t("confirm-delete-text", { name: row.name }),
        cancelLabel: t("confirm-delete-back"),
        confirmLabel: t("confirm-delete"),
      },
    },
  });

  const columns: ListColumn<ActivitySort>[] = [
    { label: t("columns.name"), sortKey: "name" },
    { label: t("columns.providers"), sortKey: "providers" },
    { label: t("columns.actions") },
  ];

  const rows = activities.rows.map((row) => (
    <Table.Tr key={row.id}>
      <Table.Td>{row.name}</Table.Td>
      <Table.Td>{row.providers}</Table.Td>
      <Table.Td>
        <IconAction {...actions.button("remove", row)} />
      </Table.Td>
    </Table.Tr>
  ));
  // On a phone each activity is a card: its name, how many providers have it, and delete.
  const cards = activities.rows.map((row) => (
    <ItemCard key={row.id} actions={<IconAction {...actions.button("remove", row)} />}>
      <ItemTitle>{row.name}</ItemTitle>
      <ItemMeta parts={[`${t("columns.providers")}: ${row.providers}`]} />
    </ItemCard>
  ));

  return (
    <ListPage
      title={t("title")}
      notice={<RowActionHost actions={actions} testId="activities-notice" />}
      icon={<IconListDetails size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="activities-cards"
      {...activities.listProps}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {t("add")}
        </Button>
      }
    >
      <AddActivitiesModal
        opened={adding}
        onClose={() => {
          setAdding(false);
          activities.refresh();
        }}
      />
    </ListPage>
  );
}
