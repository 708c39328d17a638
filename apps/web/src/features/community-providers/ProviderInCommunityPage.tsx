import type { CommunityView } from "@coordina/domain";
import { Alert, Badge, Button, Group, Loader, Stack, Title } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useOutletContext, useParams } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { communityProviderKey, findCommunityProvider } from "./api/findCommunityProvider";
import { DocumentSection, type SectionDefinition } from "./components/DocumentSection";
import texts from "./es.json";
import { providersPath, readLinkState } from "./providerLink";

addTexts(texts);

/** The view's three sections (spec 02 §2); their definitions and files arrive with the documents issue. */
const SECTIONS = [
  { key: "reading", testId: "provider-docs-reading" },
  { key: "for-providers", testId: "provider-docs-for-providers" },
  { key: "for-administrator", testId: "provider-docs-for-administrator" },
] as const;
type SectionKey = (typeof SECTIONS)[number]["key"];
const NO_DOCUMENTS: Record<SectionKey, SectionDefinition[]> = {
  reading: [],
  "for-providers": [],
  "for-administrator": [],
};

/**
 * One provider's documents in a community (spec 02 §2 'Provider-in-community document view'): 'Volver'
 * to the providers, the provider's name and three sections. The name comes with the link from the list;
 * opened otherwise (a reload, a typed address) the provider is looked up among the community's providers,
 * and one that does not serve it is said so.
 */
export default function ProviderInCommunityPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`community-providers-page.provider.${key}`);
  const community = useOutletContext<CommunityView>();
  const params = useParams();
  const location = useLocation();
  const providerId = Number(params.providerId);
  const valid = Number.isInteger(providerId) && providerId > 0;
  const linked = readLinkState(location.state);

  const lookup = useQuery({
    queryKey: communityProviderKey(community.id, providerId),
    queryFn: () => findCommunityProvider(community.id, providerId),
    enabled: valid && linked === null,
  });

  const back = providersPath(community.id);
  if (!valid) return <Navigate to={back} replace />;

  const provider = linked ?? (lookup.data ? { name: lookup.data.name, active: lookup.data.active } : null);
  const documents = NO_DOCUMENTS;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          {provider ? (
            <Title order={3}>{provider.name}</Title>
          ) : (
            lookup.isPending && <Loader size="sm" aria-label={t("app.loading")} />
          )}
          {provider && !provider.active && <Badge color="red">{t("community-providers-page.deactivated")}</Badge>}
        </Group>
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {k("back")}
        </Button>
      </Group>
      {provider === null && lookup.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(lookup.error)}
        </Alert>
      )}
      {provider === null && lookup.isSuccess && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="provider-not-in-community">
          {k("not-in-community")}
        </Alert>
      )}
      {provider &&
        SECTIONS.map((section) => (
          <DocumentSection
            key={section.key}
            title={k(`sections.${section.key}`)}
            definitions={documents[section.key]}
            testId={section.testId}
          />
        ))}
    </Stack>
  );
}
