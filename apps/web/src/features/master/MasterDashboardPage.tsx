import { REGIONS } from "@coordina/domain";
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { PageFrame } from "../../ui/PageFrame";
import { fetchMasterDashboard } from "./api/fetchMasterDashboard";
import texts from "./es.json";
import { RegionFlag } from "./RegionFlag";

addTexts(texts);

interface RegionCardProps {
  code: string;
  name: string;
  colegios: { id: number; name: string }[];
}

/** One region: its flag, in colour with a green frame when it has an active colegio, greyed otherwise. */
function RegionCard({ code, name, colegios }: RegionCardProps) {
  const { t } = useTranslation();
  const active = colegios.length > 0;
  return (
    <Card
      component="section"
      aria-label={name}
      data-testid={`region-${code}`}
      data-active={active}
      withBorder
      radius="md"
      padding="md"
      style={
        active
          ? { borderColor: "var(--mantine-color-green-6)", borderWidth: 2 }
          : { background: "var(--mantine-color-gray-0)" }
      }
    >
      <Stack gap="xs" align="center">
        <div
          style={{
            filter: active ? undefined : "grayscale(1)",
            opacity: active ? 1 : 0.45,
            boxShadow: active ? "0 1px 4px rgba(0, 0, 0, 0.25)" : undefined,
          }}
        >
          <RegionFlag code={code} size={96} />
        </div>
        <Text fw={600} size="sm" ta="center" c={active ? undefined : "dimmed"}>
          {name}
        </Text>
        <Badge color={active ? "green" : "gray"} variant={active ? "filled" : "light"} size="sm" tt="none">
          {active ? t("master-page.dashboard.with-colegio") : t("master-page.dashboard.without-colegio")}
        </Badge>
        {active ? (
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: "none" }} w="100%">
            {colegios.map((c) => (
              <Text component="li" key={c.id} size="xs" ta="center">
                {c.name}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            {t("master-page.dashboard.no-colegios")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The master's dashboard (spec 02 §2): the 18 regional flags, lit where it has an active colegio. */
export default function MasterDashboardPage() {
  const { t } = useTranslation();
  const dashboard = useQuery({ queryKey: ["master-dashboard"], queryFn: fetchMasterDashboard });

  const byRegion = new Map((dashboard.data ?? []).map((r) => [r.region, r.colegios]));
  const regions = REGIONS.map((r) => ({ code: r.code, name: r.name, colegios: byRegion.get(r.code) ?? [] }));
  const lit = regions.filter((r) => r.colegios.length > 0).length;

  return (
    <PageFrame title={t("master-page.dashboard.title")}>
      {dashboard.isPending ? (
        <Loader aria-label={t("app.loading")} />
      ) : dashboard.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("master-page.dashboard.error")}>
          {errorText(dashboard.error)}
        </Alert>
      ) : (
        <>
          <Group>
            <Text data-testid="master-dashboard-summary">
              {t("master-page.dashboard.summary", { active: lit, total: REGIONS.length })}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 6 }} spacing="md">
            {regions.map((r) => (
              <RegionCard key={r.code} {...r} />
            ))}
          </SimpleGrid>
        </>
      )}
    </PageFrame>
  );
}
