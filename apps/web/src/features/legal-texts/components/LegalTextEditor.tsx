import "@mantine/tiptap/styles.css";
import type { LegalTextKind } from "@coordina/domain";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../app/dates";
import { errorText } from "../../../app/errorDialog";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ErrorAlert } from "../../../ui/LoadState";
import type { useSaveLegalText } from "../api/saveLegalText";

/**
 * One legal text in Mantine's Tiptap editor: what it produces is what the server keeps (paragraphs, headings,
 * bold, italic, underline, strike, lists, links); the server sanitizes it again whatever is sent. 'Guardar'
 * saves a new dated version; for conditions of use it first says that everyone of that role accepts again.
 */
export function LegalTextEditor({
  kind,
  html,
  name,
  save,
}: {
  kind: LegalTextKind;
  html: string;
  name: string;
  /** kept by the text's panel: the editor opens again on the stored version once it is saved */
  save: ReturnType<typeof useSaveLegalText>;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "legal-texts" });
  const [asking, setAsking] = useState<true | null>(null);
  const [empty, setEmpty] = useState(false);
  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t("editor.bold"),
      italicControlLabel: t("editor.italic"),
      underlineControlLabel: t("editor.underline"),
      strikeControlLabel: t("editor.strike"),
      h2ControlLabel: t("editor.h2"),
      h3ControlLabel: t("editor.h3"),
      h4ControlLabel: t("editor.h4"),
      bulletListControlLabel: t("editor.bullet-list"),
      orderedListControlLabel: t("editor.ordered-list"),
      linkControlLabel: t("editor.link"),
      unlinkControlLabel: t("editor.unlink"),
      clearFormattingControlLabel: t("editor.clear"),
      undoControlLabel: t("editor.undo"),
      redoControlLabel: t("editor.redo"),
      linkEditorInputLabel: t("editor.link-input"),
      linkEditorInputPlaceholder: "https://",
      linkEditorSave: t("editor.link-save"),
      linkEditorExternalLink: t("editor.link-external"),
      linkEditorInternalLink: t("editor.link-internal"),
    }),
    [t],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, protocols: ["mailto"], defaultProtocol: "https" }),
    ],
    content: html,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { "aria-label": t("editor-label", { name }), role: "textbox", "aria-multiline": "true" },
    },
    onUpdate: () => {
      setEmpty(false);
      if (!save.isPending) save.reset();
    },
  });

  function send() {
    if (!editor) return;
    save.mutate({ kind, html: editor.getHTML() });
  }

  function onSave() {
    if (!editor || save.isPending) return;
    if (editor.isEmpty) {
      setEmpty(true);
      return;
    }
    if (kind === "aviso-legal") send();
    else setAsking(true);
  }

  return (
    <Stack gap="sm">
      <RichTextEditor editor={editor} labels={labels}>
        <RichTextEditor.Toolbar aria-label={t("editor.toolbar")}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
      {empty && (
        <Text size="sm" c="red.8" role="alert">
          {t("empty")}
        </Text>
      )}
      {save.isSuccess && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="legal-text-saved">
          {t("saved", { date: formatDateTime(save.data.saved_at) })}
        </Alert>
      )}
      {save.isError && (
        <ErrorAlert title={t("not-saved")} testId="legal-text-not-saved">
          {errorText(save.error)}
        </ErrorAlert>
      )}
      <Group justify="flex-end">
        <Button onClick={onSave} loading={save.isPending}>
          {t("save")}
        </Button>
      </Group>
      <ConfirmDialog
        subject={asking}
        title={t("confirm-title")}
        text={() => (kind === "aviso-legal" ? "" : t(`confirm-text.${kind}`))}
        cancelLabel={t("cancel")}
        confirmLabel={t("confirm")}
        onClose={() => setAsking(null)}
        onConfirm={send}
      />
    </Stack>
  );
}
