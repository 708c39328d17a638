import { LIGHT_COLOR, type LightShare, type TrendMonth } from "@coordina/domain";
import { BarChart } from "@mantine/charts";
import { Box, Card, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { dayjs } from "../../../app/dates";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ResponsiveList } from "../../../ui/ResponsiveList";

/** 'nov 26': short enough for twelve bars at 375 px. */
const monthLabel = (month: string) => dayjs(`${month}-01`).format("MMM YY");
/** 'nov 2026', for the table. */
const monthName = (month: string) => dayjs(`${month}-01`).format("MMMM YYYY");

const shareText = (share: LightShare | null, noData: string) =>
  share ? `${share.ok} / ${share.warn} / ${share.error} / ${share.none}` : noData;

/**
 * The colegio's last 12 months: documents uploaded and expired per month, providers by light on each month's
 * last daily snapshot (no bar where there is none), and every figure in a table ('sin datos' before the
 * first snapshot). The charts are hidden from screen readers: the table says everything they show.
 */
export function TrendCard({ trend }: { trend: TrendMonth[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page.trend" });
  const documents = trend.map((m) => ({ month: monthLabel(m.month), uploaded: m.uploaded, expired: m.expired }));
  const lights = trend.map((m) => ({ month: monthLabel(m.month), ...(m.providers ?? {}) }));
  const noData = t("no-data");
  const table = (
    <Table fz="xs" striped data-testid="trend-table">
      <Table.Caption>{t("table")}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("month")}</Table.Th>
          <Table.Th>{t("uploaded")}</Table.Th>
          <Table.Th>{t("expired")}</Table.Th>
          <Table.Th>{t("providers")}</Table.Th>
          <Table.Th>{t("communities")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trend.map((m) => (
          <Table.Tr key={m.month} data-testid={`trend-${m.month}`}>
            <Table.Th scope="row" fw={400}>
              {monthName(m.month)}
            </Table.Th>
            <Table.Td>{m.uploaded}</Table.Td>
            <Table.Td>{m.expired}</Table.Td>
            <Table.Td>{shareText(m.providers, noData)}</Table.Td>
            <Table.Td>{shareText(m.communities, noData)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const cards = trend.map((m) => (
    <ItemCard key={m.month} actions={null} data-testid={`trend-${m.month}`}>
      <ItemTitle>{monthName(m.month)}</ItemTitle>
      <ItemMeta parts={[t("card-documents", { uploaded: m.uploaded, expired: m.expired })]} />
      <ItemMeta parts={[t("card-providers", { share: shareText(m.providers, noData) })]} />
      <ItemMeta parts={[t("card-communities", { share: shareText(m.communities, noData) })]} />
    </ItemCard>
  ));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="trend-title" data-testid="trend">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trend-title">
          {t("title")}
        </Title>
        <Box aria-hidden="true">
          <Text size="sm" fw={600} mb={4}>
            {t("documents")}
          </Text>
          <BarChart
            h={180}
            data={documents}
            dataKey="month"
            withLegend
            tickLine="none"
            gridAxis="y"
            barChartProps={{ accessibilityLayer: false }}
            barProps={{ isAnimationActive: false }}
            yAxisProps={{ allowDecimals: false }}
            series={[
              { name: "uploaded", label: t("uploaded"), color: "blue.6" },
              { name: "expired", label: t("expired"), color: "red.7" },
            ]}
          />
          <Text size="sm" fw={600} mt="sm" mb={4}>
            {t("lights")}
          </Text>
          <BarChart
            h={180}
            data={lights}
            dataKey="month"
            type="stacked"
            tickLine="none"
            gridAxis="y"
            barChartProps={{ accessibilityLayer: false }}
            barProps={{ isAnimationActive: false }}
            yAxisProps={{ allowDecimals: false }}
            series={[
              { name: "ok", label: "verde", color: LIGHT_COLOR.ok },
              { name: "warn", label: "ámbar", color: LIGHT_COLOR.warn },
              { name: "error", label: "rojo", color: LIGHT_COLOR.error },
              { name: "none", label: "nada exigido", color: LIGHT_COLOR.none },
            ]}
          />
        </Box>
        <ResponsiveList table={table} cards={cards} label={t("months")} testId="trend-cards" />
        <Text size="xs" c="dimmed">
          {t("note")}
        </Text>
      </Stack>
    </Card>
  );
}
