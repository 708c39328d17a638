import { type CommunityView, type DefinitionDocuments, type PorterRow, requirementIncludes } from "@coordina/domain";
import { Card, Stack, Text, Title } from "@mantine/core";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { DocumentSection } from "../../shared/document-sections/DocumentSection";
import { DefinitionBoxes } from "../../shared/documents/DefinitionBoxes";
import { definitionSections, type SectionFile } from "../../shared/reading/documentGroups";
import { QueryView } from "../../ui/LoadState";
import { openFile } from "../../ui/openFile";
import { allCommunityPortersQuery } from "./api/fetchAllCommunityPorters";
import { porterUploadsQuery } from "./api/fetchPorterUploads";
import texts from "./es.json";
import { withFiles } from "./porterSections";

addTexts(texts);

const openPdf = (file: SectionFile) => void openFile(file.fileId, "view");

/** Each porter's uploads there, one section per porter (a community usually has one). */
function PortersDocuments({ communityId, porters }: { communityId: number; porters: PorterRow[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porters-page.docs" });
  const uploads = useQueries({ queries: porters.map((porter) => porterUploadsQuery(communityId, porter.id)) });
  return (
    <Stack gap="md">
      {porters.map((porter, index) => {
        const query = uploads[index];
        return (
          <DocumentSection
            key={porter.id}
            title={porter.email}
            definitions={withFiles(definitionSections(query?.data?.data ?? []))}
            onOpen={openPdf}
            empty={
              <Text size="sm" c="dimmed" data-testid="no-documents">
                {t("no-documents")}
              </Text>
            }
            loading={query?.isPending}
            error={query?.isError ? errorText(query.error) : null}
            testId={`porter-docs-${porter.id}`}
          />
        );
      })}
    </Stack>
  );
}

/** The administrator's documents for the porters: its own uploads, as 'Documentos para proveedores' are for providers. */
const forPorters = (item: DefinitionDocuments) =>
  requirementIncludes(item.definition.requirement_origin, "administrator") &&
  requirementIncludes(item.definition.requirement_dest, "portero");

/**
 * 'Docs porteros' (spec 02 §2 'Routes of the community panel'): what the administrator gives the porters
 * of the community (its upload boxes for those definitions), and the documents every porter uploaded there,
 * by porter and then by definition, each file with name, size, expiry and open PDF.
 */
export default function PorterosDocsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "porters-page.docs" });
  const { t: tAll } = useTranslation();
  const community = useOutletContext<CommunityView>();
  const porters = useQuery(allCommunityPortersQuery(community.id));
  return (
    <Stack gap="md">
      <Title order={3}>{t("title")}</Title>
      <Card withBorder radius="md" padding="lg" data-testid="documents-for-porters">
        <Title order={4} mb="md">
          {t("for-porters")}
        </Title>
        <DefinitionBoxes
          request={{ id_finca: community.id }}
          communityId={community.id}
          only={forPorters}
          emptyText={t("for-porters-empty")}
        />
      </Card>
      <Title order={4}>{t("from-porters")}</Title>
      <QueryView
        query={porters}
        loading={tAll("app.loading")}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Card withBorder radius="md" padding="lg">
            <Text size="sm" c="dimmed" data-testid="no-porters">
              {t("no-porters")}
            </Text>
          </Card>
        }
      >
        {(rows) => <PortersDocuments communityId={community.id} porters={rows} />}
      </QueryView>
    </Stack>
  );
}
