import type { CommunityDocumentRow } from "@coordina/domain";
import { Badge, Button, Card, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconDoorEnter, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { featuresOf, useSession } from "../../app/session";
import { communityQuery } from "../../shared/communities/api/fetchCommunity";
import { arrivalsPath, OWN_COMMUNITIES } from "../../shared/paths";
import { communityDocumentsQuery } from "../../shared/reading/api/fetchCommunityDocuments";
import { ErrorAlert, Loading } from "../../ui/LoadState";
import { administratorDocumentsQuery } from "./api/fetchAdministratorDocuments";
import { CalendarTab } from "./components/CalendarTab";
import { ReadingTab } from "./components/ReadingTab";
import { UploadTab } from "./components/UploadTab";
import texts from "./es.json";
import { hasPendingRead, type PorterTab, porterTabs, providerDocumentsOf, tabOf, tabParam } from "./logic";

addTexts(texts);

/** The spec's text for a community that cannot be opened (spec 02 §8). */
const LOAD_ERROR = "companies-providers.error-loading-finca";

function CloseButton() {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel" });
  return (
    <Button
      component={Link}
      to={OWN_COMMUNITIES}
      variant="default"
      leftSection={<IconX size={16} aria-hidden />}
      aria-label={t("close-label")}
      data-testid="porter-panel-close"
    >
      {t("close")}
    </Button>
  );
}

/** One community's porter panel; remounted for another community, so nothing of the previous one stays. */
function Panel({ id, porterId }: { id: number; porterId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel" });
  const { t: tAll } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabs = porterTabs(featuresOf(useSession()));
  const lopdTab = tabs.includes("lopd");
  const tab = tabOf(params.get("tab"), tabs);
  const community = useQuery(communityQuery(id));
  // Loaded here for the tabs' '!' as well as for the tabs themselves.
  const fromAdministrator = useQuery(administratorDocumentsQuery(porterId, id));
  const fromProviders = useQuery(communityDocumentsQuery("providers", id));

  const data = community.data;
  if (!data) {
    return (
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          {community.isError ? (
            <span />
          ) : (
            <Title order={1} size="h2">
              …
            </Title>
          )}
          <CloseButton />
        </Group>
        {community.isError ? (
          <ErrorAlert title={tAll(LOAD_ERROR)} testId="porter-panel-load-error">
            {errorText(community.error)}
          </ErrorAlert>
        ) : (
          <Loading text={t("loading")} py="xl" />
        )}
      </Stack>
    );
  }

  const onlyProviders = (rows: readonly CommunityDocumentRow[]) => providerDocumentsOf(rows, "proveedores", lopdTab);
  const onlyLopd = (rows: readonly CommunityDocumentRow[]) => providerDocumentsOf(rows, "lopd", lopdTab);
  const pending: Record<PorterTab, boolean> = {
    documentos: hasPendingRead(fromAdministrator.data ?? []),
    proveedores: hasPendingRead(onlyProviders(fromProviders.data ?? [])),
    calendario: false,
    lopd: hasPendingRead(onlyLopd(fromProviders.data ?? [])),
    subir: false,
  };
  const choose = (value: string | null) => {
    const next = tabParam(tabOf(value, tabs));
    setParams(next ? { tab: next } : {}, { replace: true });
  };

  return (
    <Stack gap="md" data-testid="porter-panel" data-community-id={id}>
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ wordBreak: "break-word" }}>
            {data.name}
          </Title>
          <Text size="sm" c="dimmed" data-testid="porter-panel-facts">
            {t("facts", { cif: data.cif, admin: data.admin })}
          </Text>
        </Stack>
        <CloseButton />
      </Group>
      <Button
        component={Link}
        to={arrivalsPath(id, tabParam(tab))}
        size="lg"
        leftSection={<IconDoorEnter size={22} aria-hidden />}
        data-testid="porter-arrivals-link"
        style={{ alignSelf: "flex-start" }}
      >
        {t("arrivals")}
      </Button>
      <Card withBorder radius="md" p={{ base: "xs", sm: "lg" }}>
        <Tabs value={tab} onChange={choose} keepMounted={false}>
          <Tabs.List aria-label={t("tabs-label")} mb="md">
            {tabs.map((name) => (
              <Tabs.Tab
                key={name}
                value={name}
                data-testid={`porter-tab-${name}`}
                rightSection={
                  pending[name] ? (
                    <Badge
                      color="red"
                      size="sm"
                      circle
                      title={t("pending-read")}
                      aria-label={t("pending-read")}
                      data-testid="pending-read-badge"
                    >
                      !
                    </Badge>
                  ) : undefined
                }
              >
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="documentos">
            <ReadingTab tab="documentos" communityId={id} query={fromAdministrator} />
          </Tabs.Panel>
          <Tabs.Panel value="proveedores">
            <ReadingTab tab="proveedores" communityId={id} query={fromProviders} select={onlyProviders} />
          </Tabs.Panel>
          <Tabs.Panel value="calendario">
            <CalendarTab communityId={id} />
          </Tabs.Panel>
          {lopdTab && (
            <Tabs.Panel value="lopd">
              <ReadingTab tab="lopd" communityId={id} query={fromProviders} select={onlyLopd} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="subir">
            <UploadTab communityId={id} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}

/**
 * /porteros/comunidades/{finca} (spec 02 §2 'Porter's own view'): the community's name, 'Cerrar' back to
 * the porter's communities, '¿Quién viene hoy?' (which comes back to the same tab) and five tabs (the one
 * chosen kept in the address as ?tab=): documents from the administrator, from providers, this month's
 * calendar, LOPD (with the feature lopd) and uploads.
 */
export default function PorterPanelPage() {
  const params = useParams();
  const porterId = useSession()?.user.id;
  const id = Number(params.finca);
  if (!Number.isInteger(id) || id <= 0 || porterId === undefined) return <Navigate to={OWN_COMMUNITIES} replace />;
  return <Panel key={id} id={id} porterId={porterId} />;
}
