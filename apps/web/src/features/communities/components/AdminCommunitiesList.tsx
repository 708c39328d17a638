import { type CommunityRow, type CommunitySortKey, communityLight, PAGE_SIZE } from "@coordina/domain";
import { Anchor, Button, Group, Table } from "@mantine/core";
import { IconBuildingCommunity, IconEye, IconFileDescription, IconPlus } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { queryKeys } from "../../../app/queryKeys";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { ImportButton } from "../../../shared/imports/ImportButton";
import { CommunityMissingDuties } from "../../../shared/lights/AggregateMissing";
import { communityPanelPath } from "../../../shared/paths";
import { ItemCard, ItemLights, ItemMeta, ItemTitle, namedFor } from "../../../ui/ItemCard";
import { ListPage } from "../../../ui/ListPage";
import { listColumns } from "../../../ui/listColumns";
import { MoreActions } from "../../../ui/MoreActions";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../../ui/RowActions";
import { CountLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { useDeleteCommunity } from "../api/deleteCommunity";
import { fetchCommunities } from "../api/fetchCommunities";
import { AddCommunityModal } from "./AddCommunityModal";

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The administrator's communities (spec 02 §2 'Communities list (administrator)'): search, sortable
 * columns (name ascending first), 10 per page, the documents' lights, open and delete, the two imports
 * (communities, type 30; community–provider pairs, type 1000) and the two add forms. A row opens the
 * community's panel.
 */
export function AdminCommunitiesList() {
  const { t } = useTranslation(undefined, { keyPrefix: "communities-page" });
  const { t: tAll } = useTranslation();
  const navigate = useNavigate();
  const development = useDevelopmentMode();
  const [adding, setAdding] = useState<"simple" | "full" | null>(null);
  const remove = useDeleteCommunity();

  const list = usePagedList<CommunityRow, CommunitySortKey>(queryKeys.communities, {}, fetchCommunities, t("empty"), {
    limit: PAGE_SIZE.communities,
    sort: { by: "name", dir: "ASC" },
  });
  const actions = useRowActions((row: CommunityRow) => row.id, {
    remove: {
      label: () => t("actions.delete"),
      ...TRASH,
      run: (row) => remove.mutateAsync(row.id),
      done: (row) => t("deleted", { name: row.name }),
      ask: {
        title: t("confirm-delete.title"),
        text: (row) => tAll("company.fincas.erase-confirm", { name: row.name }),
        cancelLabel: t("confirm-delete.cancel"),
        confirmLabel: t("confirm-delete.confirm"),
      },
    },
  });

  const open = (row: CommunityRow) => navigate(communityPanelPath(row.id));
  const added = () => {
    setAdding(null);
    actions.setNotice(tAll("company.fincas.createdok"));
  };

  const columns = listColumns<CommunitySortKey>(
    (key) => t(`columns.${key}`),
    [
      ...(development ? [["id"] as const] : []),
      ["name", "name"],
      ["nif", "cif"],
      ["providers", "providers"],
      ["uploaded"],
      ["read"],
      ["actions"],
    ],
  );

  const nameLink = (row: CommunityRow) => (
    <Anchor component={Link} to={communityPanelPath(row.id)} onClick={stop} fw={600} size="sm">
      {row.name}
    </Anchor>
  );
  // The documents' lights, in the table and on a phone's card alike ('—' and grey when nothing is expected);
  // when not green, their words name what its providers lack there (companies/fincas/missing).
  const uploadedLight = (row: CommunityRow) => (
    <CountLight
      rule={communityLight}
      what="uploaded"
      done={row.mandatory_uploaded_count}
      required={row.mandatory_count}
      missing={(figures) => <CommunityMissingDuties communityId={row.id} kind="upload" {...figures} />}
    />
  );
  const readLight = (row: CommunityRow) => (
    <CountLight
      rule={communityLight}
      what="read"
      done={row.count_read}
      required={row.expected_count_read}
      missing={(figures) => <CommunityMissingDuties communityId={row.id} kind="read" {...figures} />}
    />
  );

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: "pointer" }} data-community-id={row.id}>
      {development && <Table.Td>{row.id}</Table.Td>}
      <Table.Td>{nameLink(row)}</Table.Td>
      <Table.Td>{row.cif}</Table.Td>
      <Table.Td data-column="providers">{row.proveedores_count}</Table.Td>
      <Table.Td data-column="uploaded">{uploadedLight(row)}</Table.Td>
      <Table.Td data-column="read">{readLight(row)}</Table.Td>
      <Table.Td onClick={stop}>
        <Group gap={4} wrap="nowrap">
          <IconAction
            {...namedFor({ label: t("actions.open"), icon: <IconEye size={18} />, onClick: () => open(row) }, row.name)}
          />
          <IconAction {...actions.button("remove", row)} />
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  // On a phone each community is a card: name, CIF and providers, both lights, open, and delete in its menu.
  const cards = list.rows.map((row) => (
    <ItemCard
      key={row.id}
      data-community-id={row.id}
      actions={
        <Group gap={4} wrap="nowrap">
          <IconAction
            {...namedFor({ label: t("actions.open"), icon: <IconEye size={18} />, onClick: () => open(row) }, row.name)}
          />
          <MoreActions name={row.name} items={[actions.button("remove", row)]} />
        </Group>
      }
    >
      <ItemTitle>{nameLink(row)}</ItemTitle>
      <ItemMeta parts={[row.cif, `${t("columns.providers")}: ${row.proveedores_count}`]} />
      <ItemLights
        lights={[
          { label: t("columns.uploaded"), element: uploadedLight(row) },
          { label: t("columns.read"), element: readLight(row) },
        ]}
      />
    </ItemCard>
  ));

  const title = t("title");
  return (
    <ListPage
      title={title}
      notice={<RowActionHost actions={actions} testId="communities-notice" />}
      icon={<IconBuildingCommunity size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="communities-cards"
      {...list.listProps}
      actions={
        <>
          <ImportButton kind="communities" />
          <ImportButton kind="pairs" />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding("simple")}>
            {t("add")}
          </Button>
          <Button variant="light" leftSection={<IconFileDescription size={16} />} onClick={() => setAdding("full")}>
            {t("add-full")}
          </Button>
        </>
      }
    >
      <AddCommunityModal form="simple" opened={adding === "simple"} onClose={() => setAdding(null)} onAdded={added} />
      <AddCommunityModal form="full" opened={adding === "full"} onClose={() => setAdding(null)} onAdded={added} />
    </ListPage>
  );
}
