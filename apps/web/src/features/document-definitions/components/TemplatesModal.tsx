import type { DefinitionRow, TemplateRow } from "@coordina/domain";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconDownload, IconFileTypePdf } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "../../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { QueryView } from "../../../ui/LoadState";
import { MoreActions } from "../../../ui/MoreActions";
import { openFile } from "../../../ui/openFile";
import { usePhone } from "../../../ui/ResponsiveList";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../../ui/RowActions";
import { UploadArea } from "../../../ui/UploadArea";
import { refreshTemplates, useDeleteTemplate } from "../api/deleteTemplate";
import { templatesQuery } from "../api/fetchTemplates";

interface TemplatesModalProps {
  /** the definition whose templates are shown; null closes the modal */
  definition: DefinitionRow | null;
  /** the caller may add and delete templates */
  canEdit: boolean;
  onClose: () => void;
}

function Templates({ definition, canEdit }: { definition: DefinitionRow; canEdit: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.templates" });
  const { t: tAll } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQuery(definition.id));
  const remove = useDeleteTemplate(definition.id);
  const phone = usePhone();
  const actions = useRowActions((template: TemplateRow) => template.id, {
    remove: {
      label: (template) => `${t("delete")}: ${template.fileupload.name}`,
      hint: t("delete"),
      ...TRASH,
      run: (template) => remove.mutateAsync(template.id),
      ask: {
        title: t("confirm-delete-title"),
        text: (template) => t("confirm-delete-text", { name: template.fileupload.name }),
        cancelLabel: t("cancel"),
        confirmLabel: t("confirm-delete"),
      },
    },
  });

  const body = (
    <QueryView
      query={templates}
      loading={tAll("app.loading")}
      isEmpty={(rows) => rows.length === 0}
      empty={
        <Text c="dimmed" size="sm" data-testid="templates-empty">
          {t("empty")}
        </Text>
      }
    >
      {(rows) => (
        // A card per template at every width (a table would scroll sideways in a phone's modal): its name and
        // size, view and download, and delete: its own button, in the card's '…' menu on a phone only.
        <Stack gap="xs" role="list" aria-label={t("list")} data-testid="templates-list">
          {rows.map((template) => {
            const { id, name, size } = template.fileupload;
            return (
              <ItemCard
                key={template.id}
                data-template-id={template.id}
                actions={
                  <Group gap={4} wrap="nowrap">
                    <IconAction
                      label={`${t("view")}: ${name}`}
                      hint={t("view")}
                      icon={<IconFileTypePdf size={18} />}
                      onClick={() => void openFile(id, "view")}
                    />
                    <IconAction
                      label={`${t("download")}: ${name}`}
                      hint={t("download")}
                      icon={<IconDownload size={18} />}
                      onClick={() => void openFile(id, "download")}
                    />
                    {canEdit &&
                      (phone ? (
                        <MoreActions
                          name={name}
                          items={[{ ...actions.button("remove", template), label: t("delete") }]}
                        />
                      ) : (
                        <IconAction {...actions.button("remove", template)} />
                      ))}
                  </Group>
                }
              >
                <ItemTitle>{name}</ItemTitle>
                <ItemMeta parts={[formatFileSize(size)]} />
              </ItemCard>
            );
          })}
        </Stack>
      )}
    </QueryView>
  );

  return (
    <Stack>
      {body}
      {canEdit && (
        <>
          <Text size="sm" c="dimmed">
            {t("hint")}
          </Text>
          <UploadArea
            path="/file-manager/fileupload/upload"
            fields={{ docDefinitionId: definition.id }}
            onUploaded={() => refreshTemplates(queryClient, definition.id)}
            multiple
          />
        </>
      )}
      <RowActionHost actions={actions} testId="templates-notice" />
    </Stack>
  );
}

/**
 * The templates (plantillas) of a definition (spec 02 §3 'Template'): each with its name, size, view and
 * download; the colegio also deletes them (after a confirmation) and uploads more. The definitions' counts
 * follow.
 */
export function TemplatesModal({ definition, canEdit, onClose }: TemplatesModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.templates" });
  // The name stays in the title while the modal fades out.
  const [shown, setShown] = useState(definition);
  useEffect(() => {
    if (definition !== null) setShown(definition);
  }, [definition]);
  return (
    <Modal opened={definition !== null} onClose={onClose} title={t("title", { name: shown?.name ?? "" })} size="lg">
      {definition && <Templates definition={definition} canEdit={canEdit} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("close")}
        </Button>
      </Group>
    </Modal>
  );
}
