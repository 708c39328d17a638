import { type CommunityRow, type CommunitySortKey, communityLight, PAGE_SIZE } from "@coordina/domain";
import { ActionIcon, Anchor, Button, Group, Table, Tooltip } from "@mantine/core";
import { IconBuildingCommunity, IconEye, IconFileDescription, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { showError } from "../../../app/errorDialog";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ListCard, type ListColumn } from "../../../ui/ListCard";
import { NoticeAlert } from "../../../ui/NoticeAlert";
import { PageFrame } from "../../../ui/PageFrame";
import { TrafficLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { deleteCommunity } from "../api/deleteCommunity";
import { COMMUNITIES_KEY, fetchCommunities } from "../api/fetchCommunities";
import { communityKey } from "../api/fetchCommunity";
import { PANEL_BASE } from "../lastCommunity";
import { AddCommunityModal } from "./AddCommunityModal";
import { CommunityFullFormModal } from "./CommunityFullFormModal";

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The administrator's communities (spec 02 §2 'Communities list (administrator)'): search, sortable
 * columns (name ascending first), 10 per page, the documents' lights, open and delete, and the two add
 * forms. A row opens the community's panel.
 */
export function AdminCommunitiesList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const development = useDevelopmentMode();
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState<"simple" | "full" | null>(null);
  const [confirming, setConfirming] = useState<CommunityRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const list = usePagedList<CommunityRow, CommunitySortKey>(
    COMMUNITIES_KEY,
    {},
    fetchCommunities,
    t("communities-page.empty"),
    { limit: PAGE_SIZE.communities, sort: { by: "name", dir: "ASC" } },
  );

  const open = (row: CommunityRow) => navigate(`${PANEL_BASE}/${row.id}`);

  async function remove(row: CommunityRow) {
    setBusy(row.id);
    setNotice(null);
    try {
      await deleteCommunity(row.id);
      queryClient.removeQueries({ queryKey: communityKey(row.id) });
      setNotice(t("communities-page.deleted", { name: row.name }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      list.refresh();
    }
  }

  const added = () => {
    setAdding(null);
    setNotice(t("company.fincas.createdok"));
    list.refresh();
  };

  const col = (key: string, sortKey?: CommunitySortKey): ListColumn<CommunitySortKey> => ({
    label: t(`communities-page.columns.${key}`),
    sortKey,
  });
  const columns: ListColumn<CommunitySortKey>[] = [
    ...(development ? [col("id")] : []),
    col("name", "name"),
    col("nif", "cif"),
    col("providers", "providers"),
    col("uploaded"),
    col("read"),
    col("actions"),
  ];

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: "pointer" }} data-community-id={row.id}>
      {development && <Table.Td>{row.id}</Table.Td>}
      <Table.Td>
        <Anchor component={Link} to={`${PANEL_BASE}/${row.id}`} onClick={stop} fw={600} size="sm">
          {row.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.cif}</Table.Td>
      <Table.Td data-column="providers">{row.proveedores_count}</Table.Td>
      <Table.Td data-column="uploaded">
        <TrafficLight light={communityLight(row.mandatory_uploaded_count, row.mandatory_count)}>
          {row.mandatory_uploaded_count}/{row.mandatory_count}
        </TrafficLight>
      </Table.Td>
      <Table.Td data-column="read">
        <TrafficLight light={communityLight(row.count_read, row.expected_count_read)}>
          {row.count_read}/{row.expected_count_read}
        </TrafficLight>
      </Table.Td>
      <Table.Td onClick={stop}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t("communities-page.actions.open")}>
            <ActionIcon variant="subtle" aria-label={t("communities-page.actions.open")} onClick={() => open(row)}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("communities-page.actions.delete")}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("communities-page.actions.delete")}
              loading={busy === row.id}
              disabled={busy !== null}
              onClick={() => setConfirming(row)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  const title = t("communities-page.title");
  return (
    <PageFrame title={title}>
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="communities-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={title}
        icon={<IconBuildingCommunity size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
        actions={
          <>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding("simple")}>
              {t("communities-page.add")}
            </Button>
            <Button variant="light" leftSection={<IconFileDescription size={16} />} onClick={() => setAdding("full")}>
              {t("communities-page.add-full")}
            </Button>
          </>
        }
      />
      <AddCommunityModal opened={adding === "simple"} onClose={() => setAdding(null)} onAdded={added} />
      <CommunityFullFormModal opened={adding === "full"} onClose={() => setAdding(null)} onAdded={added} />
      <ConfirmDialog
        subject={confirming}
        title={t("communities-page.confirm-delete.title")}
        text={(row) => t("company.fincas.erase-confirm", { name: row.name })}
        cancelLabel={t("communities-page.confirm-delete.cancel")}
        confirmLabel={t("communities-page.confirm-delete.confirm")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void remove(row)}
      />
    </PageFrame>
  );
}
