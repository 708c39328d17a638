import { type CommunityView, FEATURE } from "@coordina/domain";
import { Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useOutletContext, useParams } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { featuresOf, useSession } from "../../app/session";
import { DocumentSection } from "../../shared/document-sections/DocumentSection";
import { communityPanelPath } from "../../shared/paths";
import { readingSection, type SectionFile, uploadSections } from "../../shared/reading/documentGroups";
import { ErrorAlert } from "../../ui/LoadState";
import { openFile } from "../../ui/openFile";
import { providerUploadsQuery } from "./api/fetchProviderUploads";
import { readByProviderQuery } from "./api/fetchReadByProvider";
import { communityProviderQuery } from "./api/findCommunityProvider";
import { ArrivalsSection } from "./components/ArrivalsSection";
import texts from "./es.json";
import { providersPath, readLinkState } from "./providerLink";

addTexts(texts);

const openPdf = (file: SectionFile) => void openFile(file.fileId, "view");

/** The reading section without anything to read: the spec's upload hint and the community's upload route. */
function UploadHint({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="reading-upload-hint">
      <Text size="sm" c="dimmed">
        {t("documents.upload.you-must-upload")}
      </Text>
      <Anchor component={Link} to={communityPanelPath(communityId, "upload")} size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconUpload size={16} aria-hidden />
          {t("community-providers-page.provider.upload-link")}
        </Group>
      </Anchor>
    </Stack>
  );
}

/**
 * One provider's documents in a community (spec 02 §2 'Provider-in-community document view'): 'Volver'
 * to the providers, the provider's name and three sections: what it must read there ('Leído' / 'No
 * leído' per file, or the upload hint), and what it uploaded there for other providers and for the
 * administrator; with porters (porteros-admin), the arrivals its porters recorded ('Llegadas'). The name
 * comes with the link from the list; opened otherwise (a reload, a typed address) the provider is looked
 * up among the community's providers, and one that does not serve it is said so.
 */
export default function ProviderInCommunityPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "community-providers-page" });
  const { t: tAll } = useTranslation();
  const community = useOutletContext<CommunityView>();
  const params = useParams();
  const location = useLocation();
  const providerId = Number(params.providerId);
  const valid = Number.isInteger(providerId) && providerId > 0;
  const linked = readLinkState(location.state);
  const porters = featuresOf(useSession()).includes(FEATURE.porterosAdmin);

  const lookup = useQuery({ ...communityProviderQuery(community.id, providerId), enabled: valid && linked === null });

  const provider = linked ?? (lookup.data ? { name: lookup.data.name, active: lookup.data.active } : null);
  const known = valid && provider !== null;
  const reads = useQuery({ ...readByProviderQuery(community.id, providerId), enabled: known });
  const uploads = useQuery({ ...providerUploadsQuery(community.id, providerId), enabled: known });

  const back = providersPath(community.id);
  if (!valid) return <Navigate to={back} replace />;

  const { forProviders, forAdministrator } = uploadSections(uploads.data?.data ?? []);
  const uploadsError = uploads.isError ? errorText(uploads.error) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          {provider ? (
            <Title order={3}>{provider.name}</Title>
          ) : (
            lookup.isPending && <Loader size="sm" aria-label={tAll("app.loading")} />
          )}
          {provider && !provider.active && <Badge color="red">{t("deactivated")}</Badge>}
        </Group>
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t("provider.back")}
        </Button>
      </Group>
      {provider === null && lookup.isError && <ErrorAlert role="alert">{errorText(lookup.error)}</ErrorAlert>}
      {provider === null && lookup.isSuccess && (
        <ErrorAlert role="alert" testId="provider-not-in-community">
          {t("provider.not-in-community")}
        </ErrorAlert>
      )}
      {provider && (
        <>
          <DocumentSection
            title={t("provider.sections.reading")}
            definitions={readingSection(reads.data ?? [])}
            onOpen={openPdf}
            empty={<UploadHint communityId={community.id} />}
            loading={reads.isPending}
            error={reads.isError ? errorText(reads.error) : null}
            testId="provider-docs-reading"
          />
          <DocumentSection
            title={t("provider.sections.for-providers")}
            definitions={forProviders}
            onOpen={openPdf}
            loading={uploads.isPending}
            error={uploadsError}
            testId="provider-docs-for-providers"
          />
          <DocumentSection
            title={t("provider.sections.for-administrator")}
            definitions={forAdministrator}
            onOpen={openPdf}
            loading={uploads.isPending}
            error={uploadsError}
            testId="provider-docs-for-administrator"
          />
          {porters && <ArrivalsSection communityId={community.id} providerId={providerId} />}
        </>
      )}
    </Stack>
  );
}
