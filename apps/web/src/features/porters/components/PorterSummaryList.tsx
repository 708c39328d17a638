import { PAGE_SIZE, type PorterSummaryRow, readLight, uploadLight } from "@coordina/domain";
import { Group, Stack, Table, Text } from "@mantine/core";
import { IconBuildingCommunity, IconDoor } from "@tabler/icons-react";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { queryKeys } from "../../../app/queryKeys";
import { PorterMissingDuties } from "../../../shared/lights/PorterMissingDuties";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { listColumns } from "../../../ui/listColumns";
import { IconAction } from "../../../ui/RowActions";
import { CountLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchPorterSummary } from "../api/fetchPorterSummary";
import { pageOfQuery, type SummaryLinkState, summaryPorterPath } from "../summaryLink";

type SummarySortKey = "id" | "name" | "readed" | "uploaded" | "numfincas";

/**
 * The doormen summary (spec 02 §2 'Doormen summary table', §3 'Summary row'): search (500 ms), the
 * porters of the administrator's communities with their communities, read and upload figures with lights
 * and how many communities; a button opens that porter's communities. 10 a page; the page is kept in the
 * address, so 'Volver' from a porter comes back to it. Footer 'Número de porteros'. On a phone each porter
 * is a card.
 */
export function PorterSummaryList() {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-summary" });
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const page = pageOfQuery(search);
  const onPage = useCallback(
    (next: number) => setSearch(next > 1 ? { page: String(next) } : {}, { replace: true }),
    [setSearch],
  );
  const list = usePagedList<PorterSummaryRow, SummarySortKey>(
    queryKeys.porterSummary,
    {},
    ({ page, limit, filter, sortBy, sortDesc }) => fetchPorterSummary({ page, limit, filter, sortBy, sortDesc }),
    t("empty"),
    { limit: PAGE_SIZE.porterSummary, sort: { by: "name", dir: "ASC" }, page, onPage },
  );

  const open = (row: PorterSummaryRow) => {
    const state: SummaryLinkState = { page, name: row.portero_name };
    navigate(summaryPorterPath(row.portero_id), { state });
  };
  const columns = listColumns<SummarySortKey>(
    (key) => t(`columns.${key}`),
    [
      ["id", "id"],
      ["name", "name"],
      ["fincas"],
      ["read", "readed"],
      ["upload", "uploaded"],
      ["numfincas", "numfincas"],
      ["actions"],
    ],
  );
  const emailLine = (row: PorterSummaryRow) =>
    row.portero_email !== row.portero_name && (
      <Text size="xs" c="dimmed" style={{ wordBreak: "break-word" }}>
        {row.portero_email}
      </Text>
    );
  // Their words name what is missing over the administrator's communities (each upload once, reads summed).
  const readLights = (row: PorterSummaryRow, label = "") => (
    <CountLight
      rule={readLight}
      what="read"
      done={row.readed}
      required={row.must_read}
      prefix={label}
      missing={(figures) => (
        <PorterMissingDuties source={{ kind: "over", porterId: row.portero_id }} kind="read" {...figures} />
      )}
    />
  );
  const uploadLights = (row: PorterSummaryRow, label = "") => (
    <CountLight
      rule={uploadLight}
      what="uploaded"
      done={row.uploaded}
      required={row.must_upload}
      prefix={label}
      missing={(figures) => (
        <PorterMissingDuties source={{ kind: "over", porterId: row.portero_id }} kind="upload" {...figures} />
      )}
    />
  );
  const showButton = (row: PorterSummaryRow) => (
    <IconAction
      label={t("show", { name: row.portero_name })}
      icon={<IconBuildingCommunity size={18} />}
      onClick={() => open(row)}
    />
  );
  const rows = list.rows.map((row) => (
    <Table.Tr key={row.portero_id} data-porter-id={row.portero_id}>
      <Table.Td>{row.portero_id}</Table.Td>
      <Table.Td>
        <ItemTitle>{row.portero_name}</ItemTitle>
        {emailLine(row)}
      </Table.Td>
      <Table.Td data-column="fincas">
        <Text size="sm">{row.fincas.join(", ")}</Text>
      </Table.Td>
      <Table.Td data-column="read">{readLights(row)}</Table.Td>
      <Table.Td data-column="upload">{uploadLights(row)}</Table.Td>
      <Table.Td data-column="numfincas">{row.numfincas}</Table.Td>
      <Table.Td>{showButton(row)}</Table.Td>
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard key={row.portero_id} data-porter-id={row.portero_id} actions={showButton(row)}>
      <ItemTitle>{row.portero_name}</ItemTitle>
      {emailLine(row)}
      <ItemMeta parts={[t("card.id", { id: row.portero_id }), t("card.numfincas", { count: row.numfincas })]} />
      <Text size="xs" data-column="fincas" style={{ wordBreak: "break-word" }}>
        {row.fincas.join(", ")}
      </Text>
      <Group gap="md">
        <span data-column="read">{readLights(row, `${t("card.read")} `)}</span>
        <span data-column="upload">{uploadLights(row, `${t("card.upload")} `)}</span>
      </Group>
    </ItemCard>
  ));

  // The count is shown in the spec's words under the card; a page past the last one goes to the last.
  const { count, ...card } = list.listProps;
  const { totalPages, refreshing } = card;
  useEffect(() => {
    if (!refreshing && count !== undefined && page > totalPages) onPage(totalPages);
  }, [count, page, totalPages, refreshing, onPage]);
  return (
    <Stack gap={4}>
      <ListCard
        title={t("title")}
        icon={<IconDoor size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="porter-summary-cards"
        {...card}
      />
      {count !== undefined && (
        <Text size="sm" ta="right" data-testid="porter-summary-count">
          {t("count", { count })}
        </Text>
      )}
    </Stack>
  );
}
