import type { DefinitionDocuments, DocumentRow } from "@coordina/domain";
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Switch, Text, Title, Tooltip } from "@mantine/core";
import { IconDownload, IconEye, IconFileDownload, IconInfoCircle, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { showError } from "../../../app/errorDialog";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { formatFileSize } from "../../../ui/fileSize";
import { openFile } from "../../../ui/openFile";
import { UploadArea } from "../../../ui/UploadArea";
import { eraseDocument } from "../api/eraseDocument";
import { asDocumentResponse, definedUploadFields, UPLOAD_DEFINED_FILE } from "../api/uploadDefinedFile";
import { validateDocument } from "../api/validateDocument";
import { definitionTags, missesExpiry, queueForExpiry } from "../documentRules";
import { useRefreshDocuments } from "../refreshDocuments";
import { DocumentEditModal } from "./DocumentEditModal";
import { ExpiryIndicator } from "./ExpiryIndicator";

interface DefinitionUploadBoxProps {
  item: DefinitionDocuments;
  /** the community of the screen: community-bound (assocfinca) documents are uploaded for it */
  communityId?: number;
}

function ValidationState({
  document,
  required,
  canValidate,
  onChange,
  saving,
}: {
  document: DocumentRow;
  required: boolean;
  canValidate: boolean;
  onChange: (valid: boolean) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`documents-page.${document.validated ? "validated" : "pending-validation"}`);
  if (canValidate)
    return (
      <Switch
        checked={document.validated}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={saving}
        label={label}
        color="green"
        size="sm"
      />
    );
  if (!required) return null;
  return (
    <Badge color={document.validated ? "green" : "yellow"} variant="light" data-testid="validation-badge">
      {label}
    </Badge>
  );
}

/**
 * One definition's box (spec 02 §2 'Upload screen for a community', 'Mandatory documents'): its name and
 * tags, its templates, the documents uploaded for it (name, size, uploader, date, expiry, validation; open,
 * download, and for their owner edit and erase), and the upload area when the caller uploads it here. An
 * upload whose definition demands an expiry opens the edit dialog at once, one document after another.
 */
export function DefinitionUploadBox({ item, communityId }: DefinitionUploadBoxProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`documents-page.${key}`, values);
  const { definition, documents, templates } = item;
  const refresh = useRefreshDocuments(communityId);
  const [editing, setEditing] = useState<DocumentRow | null>(null);
  const [expiryQueue, setExpiryQueue] = useState<DocumentRow[]>([]);
  const [erasing, setErasing] = useState<DocumentRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** validation switches saved but not yet reloaded */
  const [switched, setSwitched] = useState<Record<number, boolean>>({});

  // A document edited by hand first; then the ones just uploaded that still need an expiry date.
  const current = editing ?? expiryQueue[0] ?? null;

  function uploaded(answer: unknown) {
    const response = asDocumentResponse(answer);
    if (response) setExpiryQueue((queue) => queueForExpiry(queue, response.data, response.needs_expiry));
    void refresh();
  }

  async function erase(document: DocumentRow) {
    setBusy(document.id);
    try {
      await eraseDocument(document.id);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      void refresh();
    }
  }

  async function validate(document: DocumentRow, valid: boolean) {
    setSwitched((s) => ({ ...s, [document.id]: valid }));
    setBusy(document.id);
    try {
      await validateDocument(document.id, valid);
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      setSwitched(({ [document.id]: _, ...rest }) => rest);
    }
  }

  const tags = definitionTags(definition);
  return (
    <Card withBorder radius="md" padding="md" data-testid="definition-box" data-definition-id={definition.id}>
      <Stack gap="sm">
        <Stack gap={6}>
          <Title order={5}>{definition.name}</Title>
          {tags.length > 0 && (
            <Group gap={6}>
              {tags.map((tag) => (
                <Badge key={tag} variant="light" color={tag === "mandatory" ? "red" : "blue"} size="sm">
                  {k(`tags.${tag}`)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>

        {templates.length > 0 && (
          <Group gap="xs" data-testid="definition-templates">
            <Text size="sm" c="dimmed">
              {k("templates")}
            </Text>
            {templates.map((template) => (
              <Anchor
                key={template.id}
                component="button"
                type="button"
                size="sm"
                onClick={() => void openFile(template.fileupload.id, "download")}
                aria-label={k("template-download", { name: template.fileupload.name })}
              >
                <Group gap={4} wrap="nowrap">
                  <IconFileDownload size={16} aria-hidden />
                  {k("template")}: {template.fileupload.name}
                </Group>
              </Anchor>
            ))}
          </Group>
        )}

        {documents.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-documents">
            {k("no-documents")}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={k("documents-of", { name: definition.name })}>
            {documents.map((raw) => {
              const document = raw.id in switched ? { ...raw, validated: switched[raw.id]! } : raw;
              const file = document.fileupload;
              return (
                <Card key={document.id} withBorder padding="xs" radius="sm" role="listitem" data-testid="document-row">
                  <Group justify="space-between" wrap="wrap" gap="xs" align="center">
                    <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
                      <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
                        {file.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[formatFileSize(file.size), document.company_name, formatDate(file.created)].join(" · ")}
                      </Text>
                      <Group gap="xs">
                        <ExpiryIndicator obsolete={file.obsolete} />
                        {document.can_edit && missesExpiry(definition, document) && (
                          <Badge color="red" variant="light" size="xs">
                            {t("documents.expiry-required")}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                    <Group gap="sm" wrap="nowrap">
                      <ValidationState
                        document={document}
                        required={definition.validate_colegio_required}
                        canValidate={item.can_validate}
                        saving={busy === document.id}
                        onChange={(valid) => void validate(document, valid)}
                      />
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={k("actions.view")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={k("actions.view")}
                            onClick={() => void openFile(file.id, "view")}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={k("actions.download")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={k("actions.download")}
                            onClick={() => void openFile(file.id, "download")}
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                        {document.can_edit && (
                          <>
                            <Tooltip label={k("actions.edit")}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={k("actions.edit")}
                                disabled={busy !== null}
                                onClick={() => setEditing(raw)}
                              >
                                <IconPencil size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={k("actions.erase")}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={k("actions.erase")}
                                loading={busy === document.id}
                                disabled={busy !== null}
                                onClick={() => setErasing(raw)}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </>
                        )}
                      </Group>
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}

        {item.can_upload && (
          <Stack gap={6}>
            {definition.oneonly && (
              <Group gap={6} wrap="nowrap">
                <IconInfoCircle size={16} aria-hidden />
                <Text size="xs" c="dimmed">
                  {k(documents.length > 0 ? "oneonly-replaces" : "oneonly")}
                </Text>
              </Group>
            )}
            <UploadArea
              path={UPLOAD_DEFINED_FILE}
              fields={definedUploadFields(definition.id, definition.assocfinca ? communityId : undefined)}
              multiple={!definition.oneonly}
              onUploaded={uploaded}
            />
          </Stack>
        )}
      </Stack>

      <DocumentEditModal
        document={current}
        obsoletable={definition.obsoletable}
        onClose={() => {
          if (editing) setEditing(null);
          else {
            // Only a document that vanished meanwhile closes a forced dialog: on to the next one.
            setExpiryQueue(([, ...rest]) => rest);
            void refresh();
          }
        }}
        onSaved={() => {
          if (editing) setEditing(null);
          else setExpiryQueue(([, ...rest]) => rest);
          void refresh();
        }}
      />
      <ConfirmDialog
        subject={erasing}
        title={k("confirm-erase.title")}
        text={() => k("confirm-erase.text")}
        cancelLabel={k("confirm-erase.cancel")}
        confirmLabel={k("confirm-erase.confirm")}
        onClose={() => setErasing(null)}
        onConfirm={(document) => void erase(document)}
      />
    </Card>
  );
}
