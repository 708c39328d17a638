import { type AdminProviderRow, overviewLight, PAGE_SIZE } from "@coordina/domain";
import { Group, Stack, Table, Text } from "@mantine/core";
import { IconBuildingCommunity, IconTruck } from "@tabler/icons-react";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { queryKeys } from "../../../app/queryKeys";
import { AdminProviderMissing } from "../../../shared/lights/AggregateMissing";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { listColumns } from "../../../ui/listColumns";
import { IconAction } from "../../../ui/RowActions";
import { CountLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchAdminProviders } from "../api/fetchAdminProviders";
import { type OverviewLinkState, overviewProviderPath, pageOfQuery } from "../overviewLink";

type SortKey = "id" | "cif" | "name" | "readed" | "uploaded" | "numfincas";

/** A provider's reads or uploads over the caller's communities, whose words name what it lacks there. */
function OverviewLight({
  row,
  what,
  label = "",
}: {
  row: AdminProviderRow;
  what: "read" | "uploaded";
  label?: string;
}) {
  const [done, required] = what === "read" ? [row.readed, row.must_read] : [row.uploaded, row.must_upload];
  return (
    <CountLight
      rule={overviewLight}
      what={what}
      done={done}
      required={required}
      prefix={label}
      missing={(figures) => (
        <AdminProviderMissing providerId={row.provider_id} kind={what === "read" ? "read" : "upload"} {...figures} />
      )}
    />
  );
}

/**
 * The administrator's compliance overview (spec 02 §2 'Admin overview of compliance', §3 'Provider summary
 * row', §4): search (500 ms), every provider of the caller's communities with its reads and uploads over
 * them (lights: green when met, red otherwise) and how many of them it serves; a button opens its
 * communities. 10 a page; the page is kept in the address, so 'Volver' comes back to it. On a phone each
 * provider is a card.
 */
export function AdminProvidersList() {
  const { t } = useTranslation(undefined, { keyPrefix: "admin-providers" });
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const page = pageOfQuery(search);
  const onPage = useCallback(
    (next: number) => setSearch(next > 1 ? { page: String(next) } : {}, { replace: true }),
    [setSearch],
  );
  const list = usePagedList<AdminProviderRow, SortKey>(
    queryKeys.adminProviders,
    {},
    ({ page, limit, filter, sortBy, sortDesc }) => fetchAdminProviders({ page, limit, filter, sortBy, sortDesc }),
    t("empty"),
    { limit: PAGE_SIZE.adminProviders, sort: { by: "name", dir: "ASC" }, page, onPage },
  );

  const open = (row: AdminProviderRow) => {
    const state: OverviewLinkState = { page, name: row.provider_name };
    navigate(overviewProviderPath(row.provider_id), { state });
  };
  const columns = listColumns<SortKey>(
    (key) => t(`columns.${key}`),
    [
      ["id", "id"],
      ["cif", "cif"],
      ["name", "name"],
      ["read", "readed"],
      ["upload", "uploaded"],
      ["numfincas", "numfincas"],
      ["actions"],
    ],
  );
  const showButton = (row: AdminProviderRow) => (
    <IconAction
      label={t("show", { name: row.provider_name })}
      icon={<IconBuildingCommunity size={18} />}
      onClick={() => open(row)}
    />
  );
  const rows = list.rows.map((row) => (
    <Table.Tr key={row.provider_id} data-provider-id={row.provider_id}>
      <Table.Td>{row.provider_id}</Table.Td>
      <Table.Td>{row.provider_cif}</Table.Td>
      <Table.Td>
        <ItemTitle>{row.provider_name}</ItemTitle>
      </Table.Td>
      <Table.Td data-column="read">
        <OverviewLight row={row} what="read" />
      </Table.Td>
      <Table.Td data-column="upload">
        <OverviewLight row={row} what="uploaded" />
      </Table.Td>
      <Table.Td data-column="numfincas">{row.numfincas}</Table.Td>
      <Table.Td>{showButton(row)}</Table.Td>
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard key={row.provider_id} data-provider-id={row.provider_id} actions={showButton(row)}>
      <ItemTitle>{row.provider_name}</ItemTitle>
      <ItemMeta
        parts={[
          t("card.id", { id: row.provider_id }),
          t("card.cif", { cif: row.provider_cif }),
          t("card.numfincas", { count: row.numfincas }),
        ]}
      />
      <Group gap="md">
        <span data-column="read">
          <OverviewLight row={row} what="read" label={`${t("card.read")} `} />
        </span>
        <span data-column="upload">
          <OverviewLight row={row} what="uploaded" label={`${t("card.upload")} `} />
        </span>
      </Group>
    </ItemCard>
  ));

  // The count is said under the card; a page past the last one (a typed address) goes to the last.
  const { count, ...card } = list.listProps;
  const { totalPages, refreshing } = card;
  useEffect(() => {
    if (!refreshing && count !== undefined && page > totalPages) onPage(totalPages);
  }, [count, page, totalPages, refreshing, onPage]);
  return (
    <Stack gap={4}>
      <ListCard
        title={t("title")}
        icon={<IconTruck size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="admin-providers-cards"
        {...card}
      />
      {count !== undefined && (
        <Text size="sm" ta="right" data-testid="admin-providers-count">
          {t("count", { count })}
        </Text>
      )}
    </Stack>
  );
}
