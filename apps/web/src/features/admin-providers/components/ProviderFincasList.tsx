import { type AdminProviderFincaRow, type AdminProviderFincasPage, overviewLight, PAGE_SIZE } from "@coordina/domain";
import { Anchor, Button, Group, Stack, Table, Title } from "@mantine/core";
import { IconArrowLeft, IconBuildingCommunity } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { queryKeys } from "../../../app/queryKeys";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { MissingDuties } from "../../../shared/lights/MissingDuties";
import { communityPanelPath } from "../../../shared/paths";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { listColumns } from "../../../ui/listColumns";
import { CountLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchAdminProviderFincas } from "../api/fetchAdminProviderFincas";
import { overviewListPath, readReturnState } from "../overviewLink";

type SortKey = "id" | "cif" | "name" | "readed" | "uploaded";

/** The provider's reads or uploads in one community, whose words name what it lacks there (rule 11). */
function FincaLight(props: {
  providerId: number;
  row: AdminProviderFincaRow;
  what: "read" | "uploaded";
  label?: string;
}) {
  const { providerId, row, what, label = "" } = props;
  const [done, required] = what === "read" ? [row.readed, row.must_read] : [row.uploaded, row.must_upload];
  return (
    <CountLight
      rule={overviewLight}
      what={what}
      done={done}
      required={required}
      prefix={label}
      missing={(figures) => (
        <MissingDuties
          communityId={row.finca_id}
          providerId={providerId}
          kind={what === "read" ? "read" : "upload"}
          {...figures}
        />
      )}
    />
  );
}

/**
 * One provider's communities among the administrator's (spec 02 §2 'Admin overview of compliance': the
 * detail): ID only in development, CIF/NIF, Finca (opens the community's providers) and Lectura, sortable,
 * plus its uploads there; search, 10 a page, and 'Volver' to the overview at the page it came from. On a
 * phone each community is a card.
 */
export function ProviderFincasList({ providerId }: { providerId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "admin-providers.detail" });
  const development = useDevelopmentMode();
  const linked = readReturnState(useLocation().state);
  const list = usePagedList<AdminProviderFincaRow, SortKey, AdminProviderFincasPage>(
    queryKeys.adminProviderFincas,
    { providerId },
    ({ page, limit, filter, sortBy, sortDesc }) =>
      fetchAdminProviderFincas(providerId, { page, limit, filter, sortBy, sortDesc }),
    t("empty"),
    { limit: PAGE_SIZE.adminProviders, sort: { by: "name", dir: "ASC" } },
  );
  const name = list.answer?.provider.name ?? linked?.name ?? "…";
  const columns = listColumns<SortKey>(
    (key) => t(`columns.${key}`),
    [
      ...(development ? [["id", "id"] as const] : []),
      ["cif", "cif"],
      ["name", "name"],
      ["read", "readed"],
      ["upload", "uploaded"],
    ],
  );
  const nameLink = (row: AdminProviderFincaRow) => (
    <Anchor component={Link} to={communityPanelPath(row.finca_id, "proveedores")} size="sm" fw={600}>
      {row.finca_name}
    </Anchor>
  );
  const rows = list.rows.map((row) => (
    <Table.Tr key={row.finca_id} data-community-id={row.finca_id}>
      {development && <Table.Td>{row.finca_id}</Table.Td>}
      <Table.Td>{row.finca_cif}</Table.Td>
      <Table.Td>{nameLink(row)}</Table.Td>
      <Table.Td data-column="read">
        <FincaLight providerId={providerId} row={row} what="read" />
      </Table.Td>
      <Table.Td data-column="upload">
        <FincaLight providerId={providerId} row={row} what="uploaded" />
      </Table.Td>
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard key={row.finca_id} data-community-id={row.finca_id} actions={null}>
      <ItemTitle>{nameLink(row)}</ItemTitle>
      <ItemMeta
        parts={[...(development ? [t("card.id", { id: row.finca_id })] : []), t("card.cif", { cif: row.finca_cif })]}
      />
      <Group gap="md">
        <span data-column="read">
          <FincaLight providerId={providerId} row={row} what="read" label={`${t("card.read")} `} />
        </span>
        <span data-column="upload">
          <FincaLight providerId={providerId} row={row} what="uploaded" label={`${t("card.upload")} `} />
        </span>
      </Group>
    </ItemCard>
  ));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" style={{ wordBreak: "break-word" }}>
          {t("title", { name })}
        </Title>
        <Button
          component={Link}
          to={overviewListPath(linked?.page ?? 1)}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t("back")}
        </Button>
      </Group>
      <ListCard
        title={t("title", { name })}
        icon={<IconBuildingCommunity size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="admin-provider-fincas-cards"
        {...list.listProps}
      />
    </Stack>
  );
}
