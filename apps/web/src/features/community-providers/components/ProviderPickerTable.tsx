import { PAGE_SIZE, type ProviderActivitiesIndexRequest, type ProviderActivityRow } from "@coordina/domain";
import { Button, Table, Text } from "@mantine/core";
import { IconCheck, IconPlus, IconTruck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../app/queryKeys";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard, type ListColumn } from "../../../ui/ListCard";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchProviderPicker } from "../api/fetchProviderPicker";

type PickerSort = NonNullable<ProviderActivitiesIndexRequest["sortBy"]>;

interface ProviderPickerTableProps {
  /** the community providers are picked for: its providers show 'Ya añadido' instead of the button */
  communityId?: number;
  /** rows per page: 10 (spec 02 §9), 8 in the append modal */
  limit?: number;
  /** the add button of a row was pressed */
  onAdd: (row: ProviderActivityRow) => void;
  /** the provider being added now: its button spins and the others wait */
  adding?: number | null;
}

/**
 * The provider picker (spec 02 §2): the colegio's providers, searchable, sortable and paged on the server,
 * with an add button per row. Reload it with the query key queryKeys.providerPicker.
 */
export function ProviderPickerTable({
  communityId,
  limit = PAGE_SIZE.providerPicker,
  onAdd,
  adding = null,
}: ProviderPickerTableProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "community-providers-page.picker" });
  const list = usePagedList<ProviderActivityRow, PickerSort>(
    queryKeys.providerPicker,
    { communityId },
    (paging) => fetchProviderPicker({ ...paging, id_finca: communityId }),
    t("empty"),
    { limit, sort: null },
  );

  const columns: ListColumn<PickerSort>[] = [
    { label: t("columns.name"), sortKey: "name" },
    { label: t("columns.cif"), sortKey: "cif" },
    { label: t("columns.activities") },
    { label: t("columns.email"), sortKey: "email" },
    { label: t("columns.actions") },
  ];

  // A provider's button, in the table and on its card alike: 'Ya añadido' when the community has it.
  const addButton = (row: ProviderActivityRow) =>
    row.in_finca ? (
      <Button size="xs" variant="default" leftSection={<IconCheck size={14} />} disabled>
        {t("already-added")}
      </Button>
    ) : (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        aria-label={t("add-named", { name: row.provider_name })}
        loading={adding === row.provider_id}
        disabled={adding !== null && adding !== row.provider_id}
        onClick={() => onAdd(row)}
      >
        {t("add")}
      </Button>
    );

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.provider_id} data-provider-id={row.provider_id}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {row.provider_name}
        </Text>
      </Table.Td>
      <Table.Td>{row.provider_cif}</Table.Td>
      <Table.Td>{row.provider_activities.join(", ")}</Table.Td>
      <Table.Td>{row.provider_email ?? ""}</Table.Td>
      <Table.Td>{addButton(row)}</Table.Td>
    </Table.Tr>
  ));
  // On a phone each provider is a card: its name, CIF and e-mail, its activities, and its button.
  const cards = list.rows.map((row) => (
    <ItemCard key={row.provider_id} data-provider-id={row.provider_id} actions={addButton(row)}>
      <ItemTitle>{row.provider_name}</ItemTitle>
      <ItemMeta parts={[row.provider_cif, ...(row.provider_email ? [row.provider_email] : [])]} />
      {row.provider_activities.length > 0 && (
        <Text size="xs" c="dimmed">
          {t("columns.activities")}: {row.provider_activities.join(", ")}
        </Text>
      )}
    </ItemCard>
  ));

  return (
    <ListCard
      title={t("list-title")}
      icon={<IconTruck size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="provider-picker-cards"
      {...list.listProps}
    />
  );
}
