import type { ColegioDashboard, Light } from "@coordina/domain";
import { Anchor, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../app/dates";
import { QueryView } from "../../../ui/LoadState";
import { useColegioDashboard } from "../api/fetchColegioDashboard";
import { FigureCard } from "./FigureCard";
import { LightShareCard, TARGET } from "./LightShareCard";
import { TrendCard } from "./TrendCard";

/** The colegio's providers list; with 'Ver solo docs pendientes' (docsRead=1): exactly its amber and red rows. */
export const PROVIDERS_LIST = "/admin/proveedor";
export const PROVIDERS_PENDING = `${PROVIDERS_LIST}?docsRead=1`;
/** The colegio has no page of communities yet: its administrators list counts them ('Fincas'). */
export const ADMINISTRATORS_LIST = "/admin/administradores";
/** 'Resumen de documentos': the colegio's documents by definition and the list of those expiring within 30 days. */
export const DOCUMENTS_SUMMARY = "/documents/summary";
/** 'Validar documentos': the pending-validation list. */
export const VALIDATION_LIST = "/documents/mandatory";

/** Amber and red providers are what 'Ver solo docs pendientes' shows; green and neutral have no filter. */
const providersLink = (light: Light) => (light === "warn" || light === "error" ? PROVIDERS_PENDING : PROVIDERS_LIST);

function ColegioFigures({ data }: { data: ColegioDashboard }) {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page" });
  const providers = data.providers.ok + data.providers.warn + data.providers.error + data.providers.none;
  const communities = data.communities.ok + data.communities.warn + data.communities.error + data.communities.none;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("today", { date: formatDate(data.today) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LightShareCard
          title={t("providers.title")}
          rule={t("providers.rule")}
          share={data.providers}
          linkOf={providersLink}
          testId="providers-share"
          footer={
            <Stack gap={2}>
              <Anchor component={Link} to={PROVIDERS_LIST} size="sm" style={TARGET}>
                {t("providers.total", { count: providers })}
              </Anchor>
              <Anchor component={Link} to={PROVIDERS_PENDING} size="sm" style={TARGET}>
                {t("providers.pending-link")}
              </Anchor>
            </Stack>
          }
        />
        <LightShareCard
          title={t("communities.title")}
          rule={t("communities.rule")}
          share={data.communities}
          linkOf={() => ADMINISTRATORS_LIST}
          testId="communities-share"
          footer={
            <Anchor component={Link} to={ADMINISTRATORS_LIST} size="sm" style={TARGET}>
              {t("communities.total-colegio", { count: communities })}
            </Anchor>
          }
        />
        <FigureCard
          title={t("expiring.title")}
          figure={data.expiring_soon}
          text={t("expiring.colegio-text", { count: data.expiring_soon })}
          link={{ to: DOCUMENTS_SUMMARY, label: t("expiring.colegio-link") }}
          testId="expiring-soon"
        />
        <FigureCard
          title={t("pending.title")}
          figure={data.pending_validation}
          text={t("pending.text", { count: data.pending_validation })}
          link={{ to: VALIDATION_LIST, label: t("pending.link") }}
          testId="pending-validation"
        />
      </SimpleGrid>
      <TrendCard trend={data.trend} />
    </Stack>
  );
}

/** The colegio's dashboard (POST companies/dashboard/colegio). */
export function ColegioDashboardView() {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page" });
  const query = useColegioDashboard();
  return (
    <QueryView query={query} loading={t("loading")} retry>
      {(data) => <ColegioFigures data={data} />}
    </QueryView>
  );
}
