import type { CommunityView } from "@coordina/domain";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconFiles, IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { addTexts } from "../../app/i18n";
import { fincaDocumentsQuery } from "../../shared/documents/api/fetchFincaDocuments";
import { DefinitionBoxes, DefinitionBoxesOf } from "../../shared/documents/DefinitionBoxes";
import { type CommunityDocumentView, everyDefinition, forTheAdministrator, providersLopd } from "./communityViews";
import texts from "./es.json";

addTexts(texts);

/** The card of a view: its title (the panel entry's label), the sentence under it and its content. */
function ViewCard({ view, children }: { view: CommunityDocumentView; children: ReactNode }) {
  const { t } = useTranslation(undefined, { keyPrefix: "documents-page.community-views" });
  const Icon = view === "lopd" ? IconLock : IconFiles;
  return (
    <Card withBorder radius="md" p={{ base: "xs", sm: "lg" }} data-testid="community-documents" data-view={view}>
      <Group gap="xs" mb={4} wrap="nowrap">
        <Icon size={20} aria-hidden />
        <Title order={4}>{t(`title.${view}`)}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t(`intro.${view}`)}
      </Text>
      {children}
    </Card>
  );
}

/**
 * lopd ('LOPD'; administrator, feature lopd): the administrator's upload boxes of the LOPD group in this
 * community, as `upload` shows its own group (getcompanydefined with the community and the group), then the
 * LOPD documents the community's providers upload (documents_fincas, its LOPD definitions from providers).
 */
export function LopdPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "documents-page.community-views" });
  const community = useOutletContext<CommunityView>();
  const parties = useQuery(fincaDocumentsQuery({ id_finca: community.id }));
  return (
    <ViewCard view="lopd">
      <Stack gap="lg">
        <section aria-labelledby="lopd-own" data-testid="lopd-own">
          <Title order={5} id="lopd-own" mb="xs">
            {t("lopd.own")}
          </Title>
          <DefinitionBoxes
            request={{ id_finca: community.id, group: "LOPD" }}
            communityId={community.id}
            emptyText={t("empty.lopd")}
          />
        </section>
        <section aria-labelledby="lopd-providers" data-testid="lopd-providers">
          <Title order={5} id="lopd-providers" mb="xs">
            {t("lopd.providers")}
          </Title>
          <DefinitionBoxesOf
            query={parties}
            communityId={community.id}
            only={providersLopd}
            emptyText={t("empty.lopd-providers")}
          />
        </section>
      </Stack>
    </ViewCard>
  );
}

/**
 * documentos and documentosadmin: the documents of the community's parties (its administrator and live
 * providers) that count there, grouped by definition, each with its file name, size, uploader company,
 * expiry and open PDF, or 'No hay documentos' (documents_fincas without a provider). 'Documentos para el
 * administrador' keeps the definitions whose destination includes the administrator.
 */
function PartiesDocuments({ view }: { view: "documentos" | "documentosadmin" }) {
  const { t } = useTranslation(undefined, { keyPrefix: "documents-page.community-views" });
  const community = useOutletContext<CommunityView>();
  return (
    <ViewCard view={view}>
      <DefinitionBoxesOf
        query={useQuery(fincaDocumentsQuery({ id_finca: community.id }))}
        communityId={community.id}
        only={view === "documentosadmin" ? forTheAdministrator : everyDefinition}
        emptyText={t(`empty.${view}`)}
      />
    </ViewCard>
  );
}

/** documentos: every document that counts in the community. */
export function DocumentosPage() {
  return <PartiesDocuments view="documentos" />;
}

/** documentosadmin: the community's documents whose destination includes the administrator. */
export function DocumentosAdminPage() {
  return <PartiesDocuments view="documentosadmin" />;
}
