import { type DefinitionRow, Requirement, type RequirementValue } from "@coordina/domain";
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { saveDefinition } from "../api/saveDefinition";
import {
  DEST_OPTIONS,
  type DefinitionFormValues,
  type DefinitionTab,
  emptyForm,
  formChanged,
  formOfRow,
  GROUP_CHOICES,
  type GroupChoice,
  NAME_MAX,
  nameError,
  ORIGIN_OPTIONS,
  payloadOf,
  withDest,
} from "../definitionForm";

/** What the form is for: a new definition from a tab, or an existing one. */
export type DefinitionFormTarget = { mode: "add"; tab: DefinitionTab } | { mode: "edit"; row: DefinitionRow };

interface FormProps {
  target: DefinitionFormTarget;
  onCancel: () => void;
  onSaved: (row: DefinitionRow) => void;
  onBusy: (busy: boolean) => void;
}

type Flag = "destRead" | "assocfinca" | "multiple" | "mandatory" | "obsoletable" | "validateColegio";
/** The check boxes in the order shown, each with its label key and, for the less obvious ones, a help line. */
const CHECKS: { flag: Flag; label: string; help?: string }[] = [
  { flag: "mandatory", label: "mandatory" },
  { flag: "destRead", label: "dest-read", help: "dest-read-help" },
  { flag: "assocfinca", label: "assocfinca", help: "assocfinca-help" },
  { flag: "multiple", label: "multiple", help: "multiple-help" },
  { flag: "obsoletable", label: "obsoletable", help: "obsoletable-help" },
  { flag: "validateColegio", label: "validate-colegio" },
];

function DefinitionForm({ target, onCancel, onSaved, onBusy }: FormProps) {
  const { t } = useTranslation();
  const k = (key: string) => t(`document-definitions.form.${key}`);
  const editing = target.mode === "edit" ? target.row : null;
  const [loaded] = useState(() =>
    editing ? formOfRow(editing) : emptyForm(target.mode === "add" ? target.tab : "administrator"),
  );
  const [values, setValues] = useState<DefinitionFormValues>(loaded);
  const [nameTouched, setNameTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const changed = editing === null || formChanged(loaded, values);
  const nameKey = nameTouched ? nameError(values.name) : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || !changed) return;
    setNameTouched(true);
    if (nameError(values.name)) return;
    setSaving(true);
    onBusy(true);
    try {
      const row = await saveDefinition(editing?.id ?? null, payloadOf(values));
      onSaved(row);
    } catch (error) {
      // Spec 02 §8 says the original ignored these; the issue wants them shown. The form keeps what was typed.
      showError(error);
    } finally {
      setSaving(false);
      onBusy(false);
    }
  }

  const requirement = (field: "origin" | "dest") => (
    <Select<RequirementValue>
      label={k(field)}
      data={(field === "origin" ? ORIGIN_OPTIONS : DEST_OPTIONS).map((o) => ({ value: o.value, label: o.label }))}
      value={values[field]}
      onChange={(value) => {
        if (value === null) return;
        setValues((vs) => (field === "dest" ? withDest(vs, value) : { ...vs, origin: value }));
      }}
      allowDeselect={false}
      required
      data-testid={`definition-${field}`}
    />
  );

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput
          label={k("name")}
          value={values.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setValues((vs) => ({ ...vs, name }));
          }}
          onBlur={(e) => {
            if (e.currentTarget.value.trim() !== "") setNameTouched(true);
          }}
          error={nameKey ? t(nameKey) : undefined}
          required
          maxLength={NAME_MAX}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {requirement("origin")}
          {requirement("dest")}
        </SimpleGrid>
        <Select<GroupChoice>
          label={k("group")}
          data={GROUP_CHOICES.map((choice) => ({
            value: choice,
            label: choice === "CAF" ? k("group-none") : t(`document-definitions.groups.${choice}`),
          }))}
          value={values.group}
          onChange={(group) => {
            if (group !== null) setValues((vs) => ({ ...vs, group }));
          }}
          allowDeselect={false}
          data-testid="definition-group"
        />
        <Stack gap="sm">
          {CHECKS.map(({ flag, label, help }) => {
            const noReader = flag === "destRead" && values.dest === Requirement.none;
            return (
              <Checkbox
                key={flag}
                label={k(label)}
                description={noReader ? k("dest-read-none") : help ? k(help) : undefined}
                checked={values[flag]}
                disabled={noReader}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setValues((vs) => ({ ...vs, [flag]: on }));
                }}
              />
            );
          })}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {k("cancel")}
          </Button>
          <Button type="submit" loading={saving} disabled={!changed}>
            {k("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface DefinitionFormModalProps {
  /** the definition added or edited; null closes the modal */
  target: DefinitionFormTarget | null;
  onClose: () => void;
  /** saved: the list says so and reloads */
  onSaved: (row: DefinitionRow, added: boolean) => void;
}

/**
 * Adds or edits a document definition (spec 02 §3 'Document definition', §5 'Definition form'): every field
 * of it, the name required, the origin preset from the tab, the destination the administrator by default.
 * A refusal shows in the error dialog and the form keeps what was typed.
 */
export function DefinitionFormModal({ target, onClose, onSaved }: DefinitionFormModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  // The title stays the same while the modal fades out.
  const [mode, setMode] = useState<DefinitionFormTarget["mode"]>("add");
  useEffect(() => {
    if (target !== null) setMode(target.mode);
  }, [target]);
  // A new form each time the modal opens on something (no state left from the previous one).
  const formKey = target === null ? "none" : target.mode === "edit" ? `edit-${target.row.id}` : `add-${target.tab}`;
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t(`document-definitions.form.${(target?.mode ?? mode) === "edit" ? "edit-title" : "add-title"}`)}
      size="lg"
      closeOnClickOutside={!busy}
    >
      {target && (
        <DefinitionForm
          key={formKey}
          target={target}
          onCancel={close}
          onSaved={(row) => onSaved(row, target.mode === "add")}
          onBusy={setBusy}
        />
      )}
    </Modal>
  );
}
