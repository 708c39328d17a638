import { PAGE_SIZE, type ProviderActivitiesIndexRequest, type ProviderActivityRow } from "@coordina/domain";
import { Select, Table } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { useDevelopmentMode } from "../../app/useDevelopmentMode";
import { ListCard, type ListColumn } from "../../ui/ListCard";
import { PageFrame } from "../../ui/PageFrame";
import { usePagedList } from "../../ui/usePagedList";
import { fetchAllActivities } from "./api/fetchAllActivities";
import { fetchProviderActivities } from "./api/fetchProviderActivities";
import texts from "./es.json";

addTexts(texts);

type ProviderSort = NonNullable<ProviderActivitiesIndexRequest["sortBy"]>;

/**
 * The colegio's providers with their activities (spec 02 §2 'Provider-activities table'), for the colegio
 * and its administrators: filter by one activity, search, sort; the Id column only in development.
 */
export default function ProviderActivitiesPage() {
  const { t } = useTranslation();
  const [activity, setActivity] = useState<string | null>(null);

  const development = useDevelopmentMode();
  const options = useQuery({ queryKey: ["activities", "all"], queryFn: fetchAllActivities, staleTime: 60_000 });
  const filteract = activity === null ? undefined : Number(activity);

  const providers = usePagedList<ProviderActivityRow, ProviderSort>(
    "provider-activities",
    { filteract },
    (paging) => fetchProviderActivities({ ...paging, filteract }),
    t("activities-page.providers.empty"),
    { limit: PAGE_SIZE.providerActivities, sort: null },
  );

  const showId = development;
  const columns: ListColumn<ProviderSort>[] = [
    ...(showId ? [{ label: t("activities-page.providers.columns.id") }] : []),
    { label: t("activities-page.providers.columns.cif"), sortKey: "cif" },
    { label: t("activities-page.providers.columns.name"), sortKey: "name" },
    { label: t("activities-page.providers.columns.email"), sortKey: "email" },
    { label: t("activities-page.providers.columns.activities") },
    { label: t("activities-page.providers.columns.phone") },
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

  return (
    <PageFrame title={t("activities-page.providers.title")}>
      <ListCard
        title={t("activities-page.providers.title")}
        icon={<IconTools size={20} />}
        columns={columns}
        rows={rows}
        {...providers.listProps}
        actions={
          <Select
            aria-label={t("activities-page.providers.filter")}
            placeholder={t("activities-page.providers.all")}
            data={(options.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={activity}
            onChange={(value) => {
              setActivity(value);
              providers.setPage(1);
            }}
            searchable
            clearable
            nothingFoundMessage={t("activities-page.providers.no-activity")}
            error={options.isError ? t("activities-page.providers.activities-error") : undefined}
            miw={240}
          />
        }
      />
    </PageFrame>
  );
}
