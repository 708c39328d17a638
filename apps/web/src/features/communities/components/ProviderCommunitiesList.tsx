import { PAGE_SIZE, type ProviderCommunityRow, type ProviderCommunitySortKey, Role } from "@coordina/domain";
import { Anchor, Table } from "@mantine/core";
import { IconBuildingCommunity, IconEye } from "@tabler/icons-react";
import { type MouseEvent, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { showErrorMessage } from "../../../app/errorDialog";
import { queryKeys } from "../../../app/queryKeys";
import { communityPanelPath } from "../../../shared/paths";
import { PendingSummary } from "../../../shared/pending/PendingSummary";
import { ItemCard, ItemMeta, ItemTitle, namedFor } from "../../../ui/ItemCard";
import { ListPage } from "../../../ui/ListPage";
import { listColumns } from "../../../ui/listColumns";
import { IconAction } from "../../../ui/RowActions";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchProviderCommunities } from "../api/fetchProviderCommunities";
import { panelStartPath } from "../panelMenu";

const stop = (event: MouseEvent) => event.stopPropagation();
const pathOf = (row: ProviderCommunityRow) => communityPanelPath(row.id, panelStartPath(Role.gremio));

/**
 * The communities a provider serves (spec 02 §2 'Communities list for a provider'): search, sorting by
 * name, CIF or administrator, 10 per page; a row (or its eye) opens the community's documents. Above the list,
 * as it is the provider's start page, what it still has to upload and read, with the way to 'Tareas pendientes'.
 */
export function ProviderCommunitiesList() {
  const { t } = useTranslation(undefined, { keyPrefix: "communities-page" });
  const { t: tAll } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList<ProviderCommunityRow, ProviderCommunitySortKey>(
    queryKeys.providerCommunities,
    {},
    fetchProviderCommunities,
    t("empty-provider"),
    { limit: PAGE_SIZE.communities, sort: { by: "name", dir: "ASC" } },
  );

  // A list that cannot be read says so in the error dialog (spec 02 §2), and shows the reason in the table.
  useEffect(() => {
    if (list.failed) showErrorMessage(tAll("companies-providers.error-loading-finca"));
  }, [list.failed, tAll]);

  const columns = listColumns<ProviderCommunitySortKey>(
    (key) => t(`columns.${key}`),
    [["name", "name"], ["cif", "cif"], ["admin", "admin"], ["porters"], ["actions"]],
  );

  const nameLink = (row: ProviderCommunityRow) => (
    <Anchor component={Link} to={pathOf(row)} onClick={stop} fw={600} size="sm">
      {row.name}
    </Anchor>
  );
  const openButton = (row: ProviderCommunityRow) => (
    <IconAction
      {...namedFor(
        { label: t("actions.open"), icon: <IconEye size={18} />, onClick: () => navigate(pathOf(row)) },
        row.name,
      )}
    />
  );
  const porters = (row: ProviderCommunityRow) => (row.porteros.length > 0 ? row.porteros.join(", ") : "—");

  const rows = list.rows.map((row) => (
    <Table.Tr
      key={row.id}
      onClick={() => navigate(pathOf(row))}
      style={{ cursor: "pointer" }}
      data-community-id={row.id}
    >
      <Table.Td>{nameLink(row)}</Table.Td>
      <Table.Td>{row.cif}</Table.Td>
      <Table.Td>{row.admin}</Table.Td>
      <Table.Td>{porters(row)}</Table.Td>
      <Table.Td onClick={stop}>{openButton(row)}</Table.Td>
    </Table.Tr>
  ));
  // On a phone each community is a card: name, CIF and administrator, its porters, and open.
  const cards = list.rows.map((row) => (
    <ItemCard key={row.id} data-community-id={row.id} actions={openButton(row)}>
      <ItemTitle>{nameLink(row)}</ItemTitle>
      <ItemMeta parts={[row.cif, `${t("columns.admin")}: ${row.admin}`]} />
      <ItemMeta parts={[`${t("columns.porters")}: ${porters(row)}`]} />
    </ItemCard>
  ));

  const title = t("title");
  return (
    <ListPage
      title={title}
      notice={<PendingSummary />}
      icon={<IconBuildingCommunity size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="provider-communities-cards"
      {...list.listProps}
    />
  );
}
