import type { AdminDashboard, ExpiringDocument } from "@coordina/domain";
import { Anchor, Card, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../app/dates";
import { COMMUNITIES_LIST, communityPanelPath } from "../../../shared/paths";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { QueryView } from "../../../ui/LoadState";
import { ResponsiveList } from "../../../ui/ResponsiveList";
import { useAdminDashboard } from "../api/fetchAdminDashboard";
import { LightShareCard, TARGET } from "./LightShareCard";

/** A provider's documents in one of the administrator's communities: the row's list behind it. */
const providerInCommunity = (row: ExpiringDocument) =>
  communityPanelPath(row.community_id, `proveedores/${row.company_id}`);

function ExpiringList({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page.expiring" });
  const rows = data.expiring;
  const open = (row: ExpiringDocument) => t("open", { provider: row.company_name, community: row.community_name });
  const table = (
    <Table fz="sm" striped data-testid="expiring-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("columns.date")}</Table.Th>
          <Table.Th>{t("columns.community")}</Table.Th>
          <Table.Th>{t("columns.provider")}</Table.Th>
          <Table.Th>{t("columns.document")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.community_id}-${row.document_id}`}>
            <Table.Td>{formatDate(row.obsolete)}</Table.Td>
            <Table.Td>{row.community_name}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={providerInCommunity(row)} size="sm" aria-label={open(row)}>
                {row.company_name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {row.definition_name} ({row.file_name})
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const cards = rows.map((row) => (
    <ItemCard key={`${row.community_id}-${row.document_id}`} actions={null}>
      <ItemTitle>
        <Anchor component={Link} to={providerInCommunity(row)} fw={600} size="sm" aria-label={open(row)}>
          {row.company_name}
        </Anchor>
      </ItemTitle>
      <ItemMeta parts={[`${t("columns.date")}: ${formatDate(row.obsolete)}`, row.community_name]} />
      <ItemMeta parts={[`${row.definition_name} (${row.file_name})`]} />
    </ItemCard>
  ));
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="expiring-title"
      data-testid="expiring"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="expiring-title">
          {t("title")}
        </Title>
        <Text size="sm" data-testid="expiring-count">
          {data.expiring_count === 0 ? t("none") : t("admin-count", { count: data.expiring_count })}
          {data.expiring_count > rows.length ? ` ${t("admin-first", { shown: rows.length })}` : ""}
        </Text>
        {rows.length > 0 && <ResponsiveList table={table} cards={cards} label={t("list")} testId="expiring-cards" />}
      </Stack>
    </Card>
  );
}

function AdminFigures({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page" });
  const s = data.communities;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("today", { date: formatDate(data.today) })}
      </Text>
      <LightShareCard
        title={t("communities.title")}
        rule={t("communities.rule")}
        share={s}
        linkOf={() => COMMUNITIES_LIST}
        testId="communities-share"
        footer={
          <Anchor component={Link} to={COMMUNITIES_LIST} size="sm" style={TARGET}>
            {t("communities.total-admin", { count: s.ok + s.warn + s.error + s.none })}
          </Anchor>
        }
      />
      <ExpiringList data={data} />
    </Stack>
  );
}

/** The administrator's dashboard (POST companies/dashboard/administrador). */
export function AdminDashboardView() {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page" });
  const query = useAdminDashboard();
  return (
    <QueryView query={query} loading={t("loading")} retry>
      {(data) => <AdminFigures data={data} />}
    </QueryView>
  );
}
