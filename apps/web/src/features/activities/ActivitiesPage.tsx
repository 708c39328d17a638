import { type ActivitiesIndexRequest, type ActivityRow, PAGE_SIZE } from "@coordina/domain";
import { ActionIcon, Button, Table, Tooltip } from "@mantine/core";
import { IconListDetails, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ListCard, type ListColumn } from "../../ui/ListCard";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { PageFrame } from "../../ui/PageFrame";
import { usePagedList } from "../../ui/usePagedList";
import { AddActivitiesModal } from "./AddActivitiesModal";
import { deleteActivity } from "./api/deleteActivity";
import { fetchActivities } from "./api/fetchActivities";
import texts from "./es.json";

addTexts(texts);

type ActivitySort = NonNullable<ActivitiesIndexRequest["sortBy"]>;

/** The colegio's activities (spec 01 §2 activities editor): search, sort, add in bulk and delete. */
export default function ActivitiesPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<ActivityRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const activities = usePagedList<ActivityRow, ActivitySort>(
    "activities",
    {},
    fetchActivities,
    t("activities-page.empty"),
    { limit: PAGE_SIZE.activitiesTable, sort: null },
  );

  async function remove(row: ActivityRow) {
    setBusy(row.id);
    setNotice(null);
    try {
      await deleteActivity(row.id);
      setNotice(t("activities-page.deleted", { name: row.name }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      activities.refresh();
    }
  }

  const columns: ListColumn<ActivitySort>[] = [
    { label: t("activities-page.columns.name"), sortKey: "name" },
    { label: t("activities-page.columns.providers"), sortKey: "providers" },
    { label: t("activities-page.columns.actions") },
  ];

  const rows = activities.rows.map((row) => (
    <Table.Tr key={row.id}>
      <Table.Td>{row.name}</Table.Td>
      <Table.Td>{row.providers}</Table.Td>
      <Table.Td>
        <Tooltip label={t("activities-page.delete")}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("activities-page.delete")}
            loading={busy === row.id}
            disabled={busy !== null}
            onClick={() => {
              setConfirming(row);
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <PageFrame title={t("activities-page.title")}>
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="activities-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={t("activities-page.title")}
        icon={<IconListDetails size={20} />}
        columns={columns}
        rows={rows}
        {...activities.listProps}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t("activities-page.add")}
          </Button>
        }
      />
      <AddActivitiesModal
        opened={adding}
        onClose={() => {
          setAdding(false);
          activities.refresh();
        }}
      />
      <ConfirmDialog
        subject={confirming}
        title={t("activities-page.confirm-delete-title")}
        text={(row) => t("activities-page.confirm-delete-text", { name: row.name })}
        cancelLabel={t("activities-page.confirm-delete-back")}
        confirmLabel={t("activities-page.confirm-delete")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void remove(row)}
      />
    </PageFrame>
  );
}
