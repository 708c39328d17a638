import type { DefinitionRow, TemplateRow } from "@coordina/domain";
import { ActionIcon, Button, Group, Loader, Modal, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconDownload, IconFileTypePdf, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, showError } from "../../../app/errorDialog";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { formatFileSize } from "../../../ui/fileSize";
import { openFile } from "../../../ui/openFile";
import { UploadArea } from "../../../ui/UploadArea";
import { deleteTemplate } from "../api/deleteTemplate";
import { fetchTemplates, templatesKey } from "../api/fetchTemplates";

interface TemplatesModalProps {
  /** the definition whose templates are shown; null closes the modal */
  definition: DefinitionRow | null;
  /** the caller may add and delete templates */
  canEdit: boolean;
  onClose: () => void;
  /** a template was added or deleted (the list's count changes) */
  onChanged: () => void;
}

function Templates({
  definition,
  canEdit,
  onChanged,
}: { definition: DefinitionRow } & Omit<TemplatesModalProps, "definition" | "onClose">) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`document-definitions.templates.${key}`, values);
  const queryClient = useQueryClient();
  const key = templatesKey(definition.id);
  const templates = useQuery({ queryKey: key, queryFn: () => fetchTemplates(definition.id) });
  const [confirming, setConfirming] = useState<TemplateRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };

  async function remove(template: TemplateRow) {
    setBusy(template.id);
    try {
      await deleteTemplate(template.id);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      reload();
    }
  }

  const rows = templates.data ?? [];
  let body: ReactNode;
  if (templates.isPending) body = <Loader size="sm" aria-label={t("app.loading")} />;
  else if (templates.isError)
    body = (
      <Text c="red" size="sm">
        {errorText(templates.error)}
      </Text>
    );
  else if (rows.length === 0)
    body = (
      <Text c="dimmed" size="sm" data-testid="templates-empty">
        {k("empty")}
      </Text>
    );
  else
    body = (
      <Table data-testid="templates-table">
        <Table.Tbody>
          {rows.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td style={{ wordBreak: "break-word" }}>{template.fileupload.name}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                  {formatFileSize(template.fileupload.size)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label={k("view")}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${k("view")}: ${template.fileupload.name}`}
                      onClick={() => void openFile(template.fileupload.id, "view")}
                    >
                      <IconFileTypePdf size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={k("download")}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${k("download")}: ${template.fileupload.name}`}
                      onClick={() => void openFile(template.fileupload.id, "download")}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {canEdit && (
                    <Tooltip label={k("delete")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${k("delete")}: ${template.fileupload.name}`}
                        loading={busy === template.id}
                        disabled={busy !== null}
                        onClick={() => setConfirming(template)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack>
      {body}
      {canEdit && (
        <>
          <Text size="sm" c="dimmed">
            {k("hint")}
          </Text>
          <UploadArea
            path="/file-manager/fileupload/upload"
            fields={{ docDefinitionId: definition.id }}
            onUploaded={() => reload()}
            multiple
          />
        </>
      )}
      <ConfirmDialog
        subject={confirming}
        title={k("confirm-delete-title")}
        text={(template) => k("confirm-delete-text", { name: template.fileupload.name })}
        cancelLabel={k("cancel")}
        confirmLabel={k("confirm-delete")}
        onClose={() => setConfirming(null)}
        onConfirm={(template) => void remove(template)}
      />
    </Stack>
  );
}

/**
 * The templates (plantillas) of a definition (spec 02 §3 'Template'): each with its name, size, view and
 * download; the colegio also deletes them (after a confirmation) and uploads more.
 */
export function TemplatesModal({ definition, canEdit, onClose, onChanged }: TemplatesModalProps) {
  const { t } = useTranslation();
  // The name stays in the title while the modal fades out.
  const [shown, setShown] = useState(definition);
  useEffect(() => {
    if (definition !== null) setShown(definition);
  }, [definition]);
  return (
    <Modal
      opened={definition !== null}
      onClose={onClose}
      title={t("document-definitions.templates.title", { name: shown?.name ?? "" })}
      size="lg"
    >
      {definition && <Templates definition={definition} canEdit={canEdit} onChanged={onChanged} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("document-definitions.templates.close")}
        </Button>
      </Group>
    </Modal>
  );
}
