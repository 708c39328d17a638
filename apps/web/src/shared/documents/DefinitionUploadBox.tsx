import { type DefinitionDocuments, type DocumentRow, ErrorKey } from "@coordina/domain";
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconFileDownload, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api";
import { openFile } from "../../ui/openFile";
import { RowActionHost, TRASH, useRowActions } from "../../ui/RowActions";
import { UploadArea } from "../../ui/UploadArea";
import { useEraseDocument } from "./api/eraseDocument";
import { useRefreshDocuments } from "./api/refreshDocuments";
import { asDocumentResponse, definedUploadFields, UPLOAD_DEFINED_FILE } from "./api/uploadDefinedFile";
import { useValidateDocument } from "./api/validateDocument";
import { DocumentCard } from "./DocumentCard";
import { DocumentEditModal } from "./DocumentEditModal";
import { definitionTags, queueForExpiry } from "./documentRules";

type Definition = DefinitionDocuments["definition"];

/** The erase failed because the document is no longer there (erased meanwhile, or never was). */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.key === ErrorKey.documentAlreadyErased);

/** The definition's name and the tags of what it demands. */
function DefinitionHeading({ definition }: { definition: Definition }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes.tags" });
  const tags = definitionTags(definition);
  return (
    <Stack gap={6}>
      <Title order={5}>{definition.name}</Title>
      {tags.length > 0 && (
        <Group gap={6}>
          {tags.map((tag) => (
            <Badge key={tag} variant="light" color={tag === "mandatory" ? "red" : "blue"} size="sm">
              {t(tag)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** 'Plantillas:': the files to fill in before uploading, each downloaded by its link. */
function TemplateLinks({ templates }: { templates: DefinitionDocuments["templates"] }) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes" });
  return (
    <Group gap="xs" data-testid="definition-templates">
      <Text size="sm" c="dimmed">
        {t("templates")}
      </Text>
      {templates.map((template) => (
        <Anchor
          key={template.id}
          component="button"
          type="button"
          size="sm"
          onClick={() => void openFile(template.fileupload.id, "download")}
          aria-label={t("template-download", { name: template.fileupload.name })}
        >
          <Group gap={4} wrap="nowrap">
            <IconFileDownload size={16} aria-hidden />
            {t("template")}: {template.fileupload.name}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * The documents of a box as the owner acts on them: erase (after the question) and switch the validation,
 * shown switched until the documents reload; the edit dialog for a document picked by hand, then for each
 * upload that still needs an expiry date, one after another, then for `owed`, a document of the box that the
 * server says still owes its date (one left so by an earlier visit). A document saved or erased here is not
 * asked for again while the documents reload; a forced dialog erases its document through the same question.
 */
function useBoxDocuments(communityId: number | undefined, owed: DocumentRow | null) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes.confirm-erase" });
  const { t: tAction } = useTranslation(undefined, { keyPrefix: "document-boxes.actions" });
  const erase = useEraseDocument(communityId);
  const validate = useValidateDocument(communityId);
  const [editing, setEditing] = useState<DocumentRow | null>(null);
  const [expiryQueue, setExpiryQueue] = useState<DocumentRow[]>([]);
  const [settled, setSettled] = useState<ReadonlySet<number>>(new Set());
  /** this document is done with (its date saved, or it is gone): its dialog does not open again */
  const settle = (id: number) => {
    setSettled((ids) => new Set(ids).add(id));
    setExpiryQueue((queue) => queue.filter((document) => document.id !== id));
    setEditing((document) => (document?.id === id ? null : document));
  };
  const actions = useRowActions((document: DocumentRow) => document.id, {
    erase: {
      label: () => tAction("erase"),
      ...TRASH,
      // An erased document owes nothing: its dialog closes for good (also when it was gone already).
      run: async (document) => {
        try {
          await erase.mutateAsync(document.id);
        } catch (error) {
          if (isGone(error)) settle(document.id);
          throw error;
        }
        settle(document.id);
      },
      ask: { title: t("title"), text: () => t("text"), cancelLabel: t("cancel"), confirmLabel: t("confirm") },
    },
    validate: { run: (document) => validate.mutateAsync({ id: document.id, valid: true }) },
    unvalidate: { run: (document) => validate.mutateAsync({ id: document.id, valid: false }) },
  });
  const shown = (document: DocumentRow): DocumentRow =>
    actions.isRunning(document, "validate") || actions.isRunning(document, "unvalidate")
      ? { ...document, validated: actions.isRunning(document, "validate") }
      : document;
  const owing = [...expiryQueue, ...(owed ? [owed] : [])].filter((document) => !settled.has(document.id));
  const current = editing ?? owing[0] ?? null;
  return {
    actions,
    /** a document as shown: its validation switched while the switch is being saved */
    shown,
    edit: setEditing,
    /** the document of the edit dialog: one edited by hand first, then the uploads owing an expiry, then `owed` */
    editing: current,
    uploaded: (answer: unknown) => {
      const response = asDocumentResponse(answer);
      if (response) setExpiryQueue((queue) => queueForExpiry(queue, response.data, response.needs_expiry));
    },
    /** the edit dialog is done with its document: on to the next one owing an expiry */
    editDone: () => {
      if (editing) setEditing(null);
      else if (current) settle(current.id);
    },
  };
}

/**
 * One definition's box (spec 02 §2 'Upload screen for a community', 'Mandatory documents'): its name and
 * tags, its templates, the documents uploaded for it (name, size, uploader, date, expiry, validation; open,
 * download, and for their owner edit and erase), and the upload area when the caller uploads it here. An
 * upload whose definition demands an expiry opens the edit dialog at once, one document after another, and
 * opens it again on the uploader's next visit while the date is missing (`owed`).
 */
export function DefinitionUploadBox({
  item,
  communityId,
  owed = null,
}: {
  item: DefinitionDocuments;
  /** the community of the screen: community-bound (assocfinca) documents are uploaded for it */
  communityId?: number;
  /** a document of this box whose expiry dialog opens by itself (DefinitionBoxesOf chooses it) */
  owed?: DocumentRow | null;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-boxes" });
  const { definition, documents, templates } = item;
  const refresh = useRefreshDocuments(communityId);
  const box = useBoxDocuments(communityId, owed);

  return (
    <Card withBorder radius="md" padding="md" data-testid="definition-box" data-definition-id={definition.id}>
      <Stack gap="sm">
        <DefinitionHeading definition={definition} />
        {templates.length > 0 && <TemplateLinks templates={templates} />}
        {documents.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-documents">
            {t("no-documents")}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t("documents-of", { name: definition.name })}>
            {documents.map((document) => (
              <DocumentCard
                key={document.id}
                document={box.shown(document)}
                definition={definition}
                canValidate={item.can_validate}
                actions={box.actions}
                onEdit={() => box.edit(document)}
              />
            ))}
          </Stack>
        )}
        {item.can_upload && (
          <Stack gap={6}>
            {definition.oneonly && (
              <Group gap={6} wrap="nowrap">
                <IconInfoCircle size={16} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t(documents.length > 0 ? "oneonly-replaces" : "oneonly")}
                </Text>
              </Group>
            )}
            <UploadArea
              path={UPLOAD_DEFINED_FILE}
              fields={definedUploadFields(definition.id, definition.assocfinca ? communityId : undefined)}
              multiple={!definition.oneonly}
              onUploaded={(answer) => {
                box.uploaded(answer);
                void refresh();
              }}
            />
          </Stack>
        )}
      </Stack>

      <DocumentEditModal
        document={box.editing}
        obsoletable={definition.obsoletable}
        communityId={communityId}
        onClose={() => {
          // Only a document that vanished meanwhile closes a forced dialog: on to the next one.
          box.editDone();
          void refresh();
        }}
        onSaved={box.editDone}
        onErase={(document) => box.actions.start("erase", document)}
        erasing={box.editing !== null && box.actions.isRunning(box.editing, "erase")}
      />
      <RowActionHost actions={box.actions} testId="document-notice" />
    </Card>
  );
}
