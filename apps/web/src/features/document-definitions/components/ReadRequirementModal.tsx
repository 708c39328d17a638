import type { ReadRequirementDocument, ReadRequirementRow } from "@coordina/domain";
import { PAGE_SIZE } from "@coordina/domain";
import { Badge, Button, Group, Modal, Pagination, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { usePageLabels } from "../../../ui/ListCard";
import { QueryView } from "../../../ui/LoadState";
import { IconAction } from "../../../ui/RowActions";
import { readRequirementQuery } from "../api/fetchReadRequirement";
import { readColor, readFigure } from "../readRequirements";

/** Who must read one document and when each did: by community, providers first. */
function Readers({ requirementId, document }: { requirementId: number; document: ReadRequirementDocument }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  const { t: tAll } = useTranslation();
  const readers = useQuery(readRequirementQuery(requirementId, { document: document.id }));
  return (
    <QueryView
      query={readers}
      loading={tAll("app.loading")}
      isEmpty={(answer) => (answer.data.readers ?? []).length === 0}
      empty={
        <Text size="sm" c="dimmed">
          {t("no-readers")}
        </Text>
      }
    >
      {(answer) => (
        <Stack
          gap={4}
          role="list"
          aria-label={t("readers-of", { name: document.fileupload.name })}
          data-testid={`readers-${document.id}`}
        >
          {(answer.data.readers ?? []).map((r) => (
            <Group
              key={`${r.id_finca}-${r.company_id}`}
              role="listitem"
              justify="space-between"
              gap="xs"
              wrap="wrap"
              data-testid="reader"
            >
              <Stack gap={0} style={{ minWidth: 0, flex: "1 1 12rem" }}>
                <Text size="sm">{r.company_name}</Text>
                <Text size="xs" c="dimmed">
                  {`${t(`party.${r.party}`)} · ${r.finca_name}`}
                </Text>
              </Stack>
              <Text size="sm" c={r.read_at ? undefined : "red.8"}>
                {r.read_at ? t("read-on", { date: formatDate(r.read_at) }) : t("unread")}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

/** One document of the requirement: uploader, file, community ('Todas'), "Leído por N de M" and its readers. */
function DocumentCard({ requirementId, document }: { requirementId: number; document: ReadRequirementDocument }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  const [open, setOpen] = useState(false);
  const figure = readFigure(document.read_count, document.read_must);
  return (
    <ItemCard
      data-document-id={document.id}
      actions={
        <IconAction
          label={`${t(open ? "hide-readers" : "show-readers")}: ${document.fileupload.name}`}
          hint={t(open ? "hide-readers" : "show-readers")}
          icon={<IconUsers size={18} />}
          onClick={() => setOpen((was) => !was)}
        />
      }
    >
      <ItemTitle>{document.fileupload.name}</ItemTitle>
      <ItemMeta
        parts={[
          `${t("uploaded-by")}: ${document.company_name}`,
          `${t("community")}: ${document.finca_name ?? t("all-communities")}`,
        ]}
      />
      <Group gap="xs">
        <Badge variant="light" color={readColor(document.read_count, document.read_must)} data-testid="read-figure">
          {t(figure.key, { read: figure.read, must: figure.must })}
        </Badge>
      </Group>
      {open && <Readers requirementId={requirementId} document={document} />}
    </ItemCard>
  );
}

/**
 * 'Ver' a read requirement (document-read-requirements/view/{id}): its current documents, 10 a page, each with how
 * many of those who must read it did ("Leído por N de M") and, opened, who they are, where and when. A
 * card per document at every width (a table would scroll sideways in a phone's modal).
 */
export function ReadRequirementModal({
  requirement,
  onClose,
}: {
  requirement: ReadRequirementRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  // The name stays in the title while the modal fades out.
  const [shown, setShown] = useState(requirement);
  useEffect(() => {
    if (requirement !== null) setShown(requirement);
  }, [requirement]);
  return (
    <Modal
      opened={requirement !== null}
      onClose={onClose}
      title={t("view-title", { name: shown?.name ?? "" })}
      size="lg"
    >
      {requirement && <Documents id={requirement.id} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("close")}
        </Button>
      </Group>
    </Modal>
  );
}

function Documents({ id }: { id: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  const { t: tAll } = useTranslation();
  const pageLabels = usePageLabels();
  const [page, setPage] = useState(1);
  const view = useQuery(readRequirementQuery(id, { page }));
  const totalPages = Math.ceil((view.data?.count ?? 0) / PAGE_SIZE.readRequirementDocuments);
  return (
    <QueryView
      query={view}
      loading={tAll("app.loading")}
      isEmpty={(answer) => answer.data.documents.length === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="read-requirement-empty">
          {t("no-documents")}
        </Text>
      }
    >
      {(answer) => (
        <Stack gap="xs">
          <Stack gap="xs" role="list" aria-label={t("documents")} data-testid="read-requirement-documents">
            {answer.data.documents.map((document) => (
              <DocumentCard key={document.id} requirementId={id} document={document} />
            ))}
          </Stack>
          {totalPages > 1 && (
            <Group justify="center">
              <Pagination total={totalPages} value={page} onChange={setPage} size="sm" {...pageLabels} />
            </Group>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
