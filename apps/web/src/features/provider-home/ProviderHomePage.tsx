import type { PendingReadRow, UploadPendingRow } from "@coordina/domain";
import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowRight, IconBook, IconEye, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addTexts } from "../../app/i18n";
import { formatFileSize } from "../../ui/fileSize";
import { openFile } from "../../ui/openFile";
import { PageFrame } from "../../ui/PageFrame";
import { pendingReadsQuery, uploadsPendingQuery } from "./api/providerHomeApi";
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
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`provider-home.reads.${key}`, values);
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      role="listitem"
      data-testid="pending-read-document"
      data-document-id={row.uploaded_doc_id}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} data-testid="pending-read-type">
            {row.doc_type}
          </Text>
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {row.uploaded_doc_name}
          </Text>
          <Text size="xs" c="dimmed">
            {[formatFileSize(row.file_size), k("uploaded-by", { company: row.company_name })].join(" · ")}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={k("view", { name: row.uploaded_doc_name })}>
            <ActionIcon
              variant="subtle"
              aria-label={k("view", { name: row.uploaded_doc_name })}
              onClick={() => void openFile(row.file_id, "view")}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            component={Link}
            to={readingPath(row)}
            size="xs"
            variant="light"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            aria-label={k("go-named", { name: row.uploaded_doc_name, community })}
          >
            {k("go")}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function PendingReads() {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`provider-home.reads.${key}`, values);
  return (
    <HomePanel
      testId="pending-reads"
      icon={<IconBook size={20} aria-hidden />}
      title={k("title")}
      countLabel={(count) => k("count", { count })}
      query={useQuery(pendingReadsQuery())}
      empty={{ title: k("empty"), text: k("empty-text") }}
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
                  {k("administrator", { name: group.administrator })}
                </Text>
              </div>
              <Stack
                gap="xs"
                role="list"
                aria-label={k("community-documents", { count: group.documents.length, name: group.fincaName })}
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
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`provider-home.uploads.${key}`, values);
  const community = row.finca_name ?? k("all-communities");
  const state = uploadStateText(row, {
    missing: k("state.missing"),
    expired: k("state.expired"),
    incomplete: k("state.incomplete"),
  });
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      role="listitem"
      data-testid="pending-upload"
      data-definition-id={row.definition_id}
      data-finca-id={row.finca_id ?? ""}
      data-state={row.state}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {row.definition_name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="pending-upload-community">
            {community}
          </Text>
          <Badge color={STATE_COLOR[row.state]} variant="light" size="sm" data-testid="pending-upload-state">
            {state}
          </Badge>
        </Stack>
        <Button
          component={Link}
          to={uploadPath(row)}
          size="xs"
          variant="light"
          leftSection={<IconUpload size={14} aria-hidden />}
          aria-label={k("go-named", { name: row.definition_name, community })}
        >
          {k(row.state === "incomplete" ? "go-incomplete" : "go")}
        </Button>
      </Group>
    </Card>
  );
}

function UploadsPending() {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`provider-home.uploads.${key}`, values);
  return (
    <HomePanel
      testId="pending-uploads"
      icon={<IconUpload size={20} aria-hidden />}
      title={k("title")}
      countLabel={(count) => k("count", { count })}
      query={useQuery(uploadsPendingQuery())}
      empty={{ title: k("empty"), text: k("empty-text") }}
    >
      {(rows) => (
        <Stack gap="xs" role="list" aria-label={k("title")}>
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
  return (
    <PageFrame title={t("provider-home.title")}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: "start" }}>
        <PendingReads />
        <UploadsPending />
      </SimpleGrid>
    </PageFrame>
  );
}
