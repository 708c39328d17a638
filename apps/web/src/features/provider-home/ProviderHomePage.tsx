import type { PendingReadRow, UploadPendingRow } from "@coordina/domain";
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconArrowRight, IconBook, IconEye, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { NoColegioNotice } from "../../shared/inclusion/NoColegioNotice";
import { pendingReadsQuery, uploadsPendingQuery } from "../../shared/pending/pendingQueries";
import { formatFileSize } from "../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { openFile } from "../../ui/openFile";
import { PageFrame } from "../../ui/PageFrame";
import { IconAction } from "../../ui/RowActions";
import { HomePanel } from "./components/HomePanel";
import texts from "./es.json";
import { groupPendingReads, readingPath, sortUploadsPending, uploadPath, uploadStateText } from "./logic";

addTexts(texts);

const STATE_COLOR: Record<UploadPendingRow["state"], string> = {
  missing: "red",
  expired: "orange",
  incomplete: "yellow",
};

function PendingReadItem({ row, community }: { row: PendingReadRow; community: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-home.reads" });
  return (
    <ItemCard
      data-testid="pending-read-document"
      data-document-id={row.uploaded_doc_id}
      basis="14rem"
      actions={
        <Group gap={4} wrap="nowrap">
          <IconAction
            label={t("view", { name: row.uploaded_doc_name })}
            icon={<IconEye size={18} />}
            onClick={() => void openFile(row.file_id, "view")}
          />
          <Button
            component={Link}
            to={readingPath(row)}
            size="xs"
            variant="light"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            aria-label={t("go-named", { name: row.uploaded_doc_name, community })}
          >
            {t("go")}
          </Button>
        </Group>
      }
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} data-testid="pending-read-type">
        {row.doc_type}
      </Text>
      <ItemTitle>{row.uploaded_doc_name}</ItemTitle>
      <ItemMeta parts={[formatFileSize(row.file_size), t("uploaded-by", { company: row.company_name })]} />
    </ItemCard>
  );
}

function PendingReads() {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-home.reads" });
  return (
    <HomePanel
      section="reads"
      testId="pending-reads"
      icon={<IconBook size={20} aria-hidden />}
      query={useQuery(pendingReadsQuery())}
    >
      {(rows) => (
        <Stack gap="md">
          {groupPendingReads(rows).map((group) => (
            <Stack
              key={group.fincaId}
              gap="xs"
              component="article"
              data-testid="pending-read-community"
              data-finca-id={group.fincaId}
            >
              <div>
                <Text fw={700}>{group.fincaName}</Text>
                <Text size="sm" c="dimmed">
                  {t("administrator", { name: group.administrator })}
                </Text>
              </div>
              <Stack
                gap="xs"
                role="list"
                aria-label={t("community-documents", { count: group.documents.length, name: group.fincaName })}
              >
                {group.documents.map((row) => (
                  <PendingReadItem key={`${row.uploaded_doc_id}`} row={row} community={group.fincaName} />
                ))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </HomePanel>
  );
}

function UploadPendingItem({ row }: { row: UploadPendingRow }) {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-home.uploads" });
  const community = row.finca_name ?? t("all-communities");
  const state = uploadStateText(row, {
    missing: t("state.missing"),
    expired: t("state.expired"),
    incomplete: t("state.incomplete"),
  });
  return (
    <ItemCard
      data-testid="pending-upload"
      data-definition-id={row.definition_id}
      data-finca-id={row.finca_id ?? ""}
      data-state={row.state}
      basis="14rem"
      gap={4}
      actions={
        <Button
          component={Link}
          to={uploadPath(row)}
          size="xs"
          variant="light"
          leftSection={<IconUpload size={14} aria-hidden />}
          aria-label={t("go-named", { name: row.definition_name, community })}
        >
          {t(row.state === "incomplete" ? "go-incomplete" : "go")}
        </Button>
      }
    >
      <ItemTitle>{row.definition_name}</ItemTitle>
      <Text size="xs" c="dimmed" data-testid="pending-upload-community">
        {community}
      </Text>
      <Badge color={STATE_COLOR[row.state]} variant="light" size="sm" data-testid="pending-upload-state">
        {state}
      </Badge>
    </ItemCard>
  );
}

function UploadsPending() {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-home.uploads" });
  return (
    <HomePanel
      section="uploads"
      testId="pending-uploads"
      icon={<IconUpload size={20} aria-hidden />}
      query={useQuery(uploadsPendingQuery())}
    >
      {(rows) => (
        <Stack gap="xs" role="list" aria-label={t("title")}>
          {sortUploadsPending(rows).map((row) => (
            <UploadPendingItem key={`${row.definition_id}-${row.finca_id ?? "all"}`} row={row} />
          ))}
        </Stack>
      )}
    </HomePanel>
  );
}

/**
 * The provider home (/proveedores/main, spec 02 §2 'Provider home'): on the left the documents it still
 * has to read, by community, each with its PDF and the community's reading view; on the right the
 * documents it still has to upload (missing, expired or without their expiry date), each with where to
 * upload it.
 */
export default function ProviderHomePage() {
  const { t } = useTranslation();
  const current = useSession();
  // What is owed is owed in a colegio: without one chosen, the page asks for it instead of a refusal; in
  // no colegio at all (a provider that registered on its own), it says why and offers to ask one (issue 21).
  const colegioChosen = (current?.colegio.id ?? 0) > 0;
  if (current && current.colegios.length === 0)
    return (
      <PageFrame title={t("provider-home.title")}>
        <NoColegioNotice />
      </PageFrame>
    );
  if (!colegioChosen)
    return (
      <PageFrame title={t("provider-home.title")}>
        <Alert color="blue" data-testid="provider-home-choose-colegio">
          {t("provider-home.choose-colegio")}
        </Alert>
      </PageFrame>
    );
  return (
    <PageFrame title={t("provider-home.title")}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: "start" }}>
        <PendingReads />
        <UploadsPending />
      </SimpleGrid>
    </PageFrame>
  );
}
