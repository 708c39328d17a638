import { PAGE_SIZE, type ProviderActivitiesIndexRequest, type ProviderActivityRow } from "@coordina/domain";
import { Select, Table, Text } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { useDevelopmentMode } from "../../app/useDevelopmentMode";
import { allActivitiesQuery } from "../../shared/activities/api/fetchAllActivities";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import type { ListColumn } from "../../ui/ListCard";
import { ListPage } from "../../ui/ListPage";
import { usePagedList } from "../../ui/usePagedList";
import { fetchProviderActivities } from "./api/fetchProviderActivities";
import texts from "./es.json";

addTexts(texts);

type ProviderSort = NonNullable<ProviderActivitiesIndexRequest["sortBy"]>;

/**
 * The colegio's providers with their activities (spec 02 §2 'Provider-activities table'), for the colegio
 * and its administrators: filter by one activity, search, sort; the Id column only in development.
 */
export default function ProviderActivitiesPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "activities-page.providers" });
  const [activity, setActivity] = useState<string | null>(null);

  const development = useDevelopmentMode();
  const options = useQuery(allActivitiesQuery);
  const filteract = activity === null ? undefined : Number(activity);

  const providers = usePagedList<ProviderActivityRow, ProviderSort>(
    "provider-activities",
    { filteract },
    (paging) => fetchProviderActivities({ ...paging, filteract }),
    t("empty"),
    { limit: PAGE_SIZE.providerActivities, sort: null },
  );

  const showId = development;
  const columns: ListColumn<ProviderSort>[] = [
    ...(showId ? [{ label: t("columns.id") }] : []),
    { label: t("columns.cif"), sortKey: "cif" },
    { label: t("columns.name"), sortKey: "name" },
    { label: t("columns.email"), sortKey: "email" },
    { label: t("columns.activities") },
    { label: t("columns.phone") },
  ];

  const rows = providers.rows.map((row) => (
    <Table.Tr key={row.provider_id}>
      {showId && <Table.Td>{row.provider_id}</Table.Td>}
      <Table.Td>{row.provider_cif}</Table.Td>
      <Table.Td>{row.provider_name}</Table.Td>
      <Table.Td>{row.provider_email ?? ""}</Table.Td>
      <Table.Td>{row.provider_activities.join(", ")}</Table.Td>
      <Table.Td>{row.provider_tlf ?? ""}</Table.Td>
    </Table.Tr>
  ));
  // On a phone each provider is a card: its name, CIF, e-mail and phone, and its activities. It has no action here.
  const cards = providers.rows.map((row) => (
    <ItemCard key={row.provider_id} data-provider-id={row.provider_id} actions={null}>
      <ItemTitle>{row.provider_name}</ItemTitle>
      <ItemMeta
        parts={[
          ...(showId ? [`${t("columns.id")}: ${row.provider_id}`] : []),
          row.provider_cif,
          ...(row.provider_email ? [row.provider_email] : []),
          ...(row.provider_tlf ? [row.provider_tlf] : []),
        ]}
      />
      {row.provider_activities.length > 0 && (
        <Text size="xs">
          {t("columns.activities")}: {row.provider_activities.join(", ")}
        </Text>
      )}
    </ItemCard>
  ));

  return (
    <ListPage
      title={t("title")}
      icon={<IconTools size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="provider-activities-cards"
      {...providers.listProps}
      actions={
        <Select
          aria-label={t("filter")}
          placeholder={t("all")}
          data={(options.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={activity}
          onChange={(value) => {
            setActivity(value);
            providers.setPage(1);
          }}
          searchable
          clearable
          nothingFoundMessage={t("no-activity")}
          error={options.isError ? t("activities-error") : undefined}
          miw={240}
        />
      }
    />
  );
}
