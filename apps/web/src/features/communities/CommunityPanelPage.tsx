import { type CommunityView, Role } from "@coordina/domain";
import { Button, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconDoor } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, Outlet, useLocation, useParams } from "react-router";
import { errorText, showErrorMessage } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { featuresOf, roleOf, useSession } from "../../app/session";
import { communityQuery } from "../../shared/communities/api/fetchCommunity";
import { COMMUNITIES_LIST, communityPanelPath } from "../../shared/paths";
import { PorterAddModal } from "../../shared/porter-registration/PorterAddModal";
import { ErrorAlert, Loading } from "../../ui/LoadState";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { CommunityEditModal } from "./components/CommunityEditModal";
import { CommunityInfoCard } from "./components/CommunityInfoCard";
import { PanelNav } from "./components/PanelNav";
import texts from "./es.json";
import { lastCommunity } from "./lastCommunity";
import { panelMenu, restOf, showsAddPorter } from "./panelMenu";

addTexts(texts);

/** The spec's text for a community that cannot be opened (spec 02 §8). */
const LOAD_ERROR = "companies-providers.error-loading-finca";

function BackButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={COMMUNITIES_LIST} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t("panel.back")}
    </Button>
  );
}

/**
 * The community's name and tax id, 'Añadir Portero' when `onAddPorter` is given, and the way back; with
 * `failed`, only the way back.
 */
function Header({
  community,
  failed = false,
  onAddPorter,
}: {
  community?: CommunityView;
  failed?: boolean;
  onAddPorter?: () => void;
}) {
  const { t } = useTranslation();
  const current = useSession();
  return (
    <Group justify="space-between" wrap="wrap" align="flex-start">
      <Stack gap={2}>
        {!failed && (
          <Title order={1} size="h2">
            {community?.name ?? "…"}
          </Title>
        )}
        {community && (
          <Text size="sm" c="dimmed" data-testid="community-cif">
            {t("panel.cif", { cif: community.cif })}
            {roleOf(current) === Role.gremio && ` · ${t("panel.admin", { name: community.admin })}`}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        {onAddPorter && (
          <Button variant="light" leftSection={<IconDoor size={16} />} onClick={onAddPorter}>
            {t("panel.add-porter")}
          </Button>
        )}
        <BackButton />
      </Group>
    </Group>
  );
}

/** One community's panel; remounted for another community, so nothing of the previous one stays. */
function Panel({ id }: { id: number }) {
  const { t } = useTranslation();
  const current = useSession();
  const location = useLocation();
  const [editing, setEditing] = useState(false);
  const [addingPorter, setAddingPorter] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const community = useQuery(communityQuery(id));
  const data = community.data;

  // Remembered for the panel's paths without an id; a community that cannot be opened is forgotten.
  useEffect(() => {
    if (data) lastCommunity.set(data.id);
  }, [data]);
  const failedAt = community.isError && !data ? community.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt === 0) return;
    lastCommunity.forget(id);
    showErrorMessage(t(LOAD_ERROR));
  }, [failedAt, id, t]);

  if (community.isError && !data)
    return (
      <Stack gap="md">
        <Header failed />
        <ErrorAlert title={t(LOAD_ERROR)} testId="community-load-error">
          {errorText(community.error)}
        </ErrorAlert>
      </Stack>
    );

  if (!data)
    return (
      <Stack gap="md">
        <Header />
        <Loading text={t("panel.loading")} py="xl" />
      </Stack>
    );

  const base = communityPanelPath(id);
  const items = panelMenu(roleOf(current), featuresOf(current), data);
  const addPorter = showsAddPorter(roleOf(current), featuresOf(current), data);
  return (
    <Stack gap="md">
      <Header
        community={data}
        onAddPorter={
          addPorter
            ? () => {
                setNotice(null);
                setAddingPorter(true);
              }
            : undefined
        }
      />
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="community-notice">
          {notice}
        </NoticeAlert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Stack gap="md">
            <PanelNav items={items} base={base} rest={restOf(location.pathname, base)} />
            <CommunityInfoCard
              community={data}
              onEdit={() => {
                setNotice(null);
                setEditing(true);
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Suspense fallback={<Loader size="sm" aria-label={t("app.loading")} />}>
            <Outlet context={data} />
          </Suspense>
        </Grid.Col>
      </Grid>
      <CommunityEditModal
        community={editing ? data : null}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          setNotice(t("panel.edit.saved"));
        }}
      />
      {/* Stays mounted while open even once the community has its porter and the button goes. */}
      {(addPorter || addingPorter) && (
        <PorterAddModal
          opened={addingPorter}
          communityId={id}
          onClose={() => setAddingPorter(false)}
          onDone={setNotice}
        />
      )}
    </Stack>
  );
}

/**
 * /comunidades/comunidad/{id} (spec 02 §2 'Community panel'): header with the community's name and
 * 'Volver a comunidades', the menu by role, flags and what the community has, the 'Información' card
 * and the chosen view, which reads the community with useOutletContext<CommunityView>().
 */
export default function CommunityPanelPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={COMMUNITIES_LIST} replace />;
  return <Panel key={id} id={id} />;
}
