import type { CommunityView } from "@coordina/domain";
import { Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useOutletContext, useSearchParams } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { DocumentSection } from "../../shared/document-sections/DocumentSection";
import { communityPortersPath } from "../../shared/paths";
import { definitionSections, readingSection, type SectionFile } from "../../shared/reading/documentGroups";
import { openFile } from "../../ui/openFile";
import { allCommunityPortersQuery } from "./api/fetchAllCommunityPorters";
import { porterReadsQuery } from "./api/fetchPorterReads";
import { porterUploadsQuery } from "./api/fetchPorterUploads";
import texts from "./es.json";
import { porterOfQuery } from "./porterSections";

addTexts(texts);

const openPdf = (file: SectionFile) => void openFile(file.fileId, "view");

/**
 * One porter's documents in a community (spec 02 §2 'Porter documents for an administrator'), at
 * porteros/portero?idUserCompany&email: a header with its e-mail and 'Volver' to the porters, what it
 * uploaded there grouped by definition (name, size, expiry, open PDF; 'No hay documentos'), and what it
 * must read there (only what requires reading, as its read figures count) with its marks. The e-mail comes in the address; without it the porter is looked up
 * among the community's porters. A porter who does not work there gets the server's refusal.
 */
export default function PorterDocumentsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "porters-page.porter" });
  const { t: tAll } = useTranslation();
  const community = useOutletContext<CommunityView>();
  const [search] = useSearchParams();
  const porter = porterOfQuery(search);
  const porterId = porter?.id ?? 0;

  const lookup = useQuery({ ...allCommunityPortersQuery(community.id), enabled: porter !== null && !porter.email });
  const uploads = useQuery({ ...porterUploadsQuery(community.id, porterId), enabled: porter !== null });
  const reads = useQuery({ ...porterReadsQuery(community.id, porterId), enabled: porter !== null });

  const back = communityPortersPath(community.id);
  if (!porter) return <Navigate to={back} replace />;
  const email = porter.email || lookup.data?.find((row) => row.id === porter.id)?.email;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        {email ? (
          <Title order={3} style={{ wordBreak: "break-word" }} data-testid="porter-email">
            {email}
          </Title>
        ) : lookup.isPending && lookup.fetchStatus !== "idle" ? (
          <Loader size="sm" aria-label={tAll("app.loading")} />
        ) : (
          <Text c="dimmed">#{porter.id}</Text>
        )}
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t("back")}
        </Button>
      </Group>
      <DocumentSection
        title={t("uploaded")}
        definitions={definitionSections(uploads.data?.data ?? [])}
        onOpen={openPdf}
        loading={uploads.isPending}
        error={uploads.isError ? errorText(uploads.error) : null}
        testId="porter-docs-uploaded"
      />
      <DocumentSection
        title={t("reading")}
        definitions={readingSection(reads.data ?? [])}
        onOpen={openPdf}
        empty={
          <Text size="sm" c="dimmed" data-testid="porter-nothing-to-read">
            {t("nothing-to-read")}
          </Text>
        }
        loading={reads.isPending}
        error={reads.isError ? errorText(reads.error) : null}
        testId="porter-docs-reading"
      />
    </Stack>
  );
}
