import { type DefinitionRow, Requirement, type RequirementValue } from "@coordina/domain";
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { useSubmit } from "../../../ui/useSubmit";
import { useSaveDefinition } from "../api/saveDefinition";
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
  save: ReturnType<typeof useSaveDefinition>;
  onCancel: () => void;
  onSaved: (row: DefinitionRow) => void;
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

function DefinitionForm({ target, save, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions" });
  const { t: tAll } = useTranslation();
  const editing = target.mode === "edit" ? target.row : null;
  const [loaded] = useState(() =>
    editing ? formOfRow(editing) : emptyForm(target.mode === "add" ? target.tab : "administrator"),
  );
  const [values, setValues] = useState<DefinitionFormValues>(loaded);
  const [nameTouched, setNameTouched] = useState(false);
  const changed = editing === null || formChanged(loaded, values);
  const nameKey = nameTouched ? nameError(values.name) : undefined;
  // Spec 02 §8 says the original ignored refusals; the issue wants them shown. The form keeps what was typed.
  const submit = useSubmit(save, {
    check: () => {
      if (save.isPending || !changed) return false;
      setNameTouched(true);
      return !nameError(values.name);
    },
    variables: () => ({ id: editing?.id ?? null, body: payloadOf(values) }),
    onDone: onSaved,
  });

  const requirement = (field: "origin" | "dest") => (
    <Select<RequirementValue>
      label={t(`form.${field}`)}
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
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack>
        <TextInput
          label={t("form.name")}
          value={values.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setValues((vs) => ({ ...vs, name }));
          }}
          onBlur={(e) => {
            if (e.currentTarget.value.trim() !== "") setNameTouched(true);
          }}
          error={nameKey ? tAll(nameKey) : undefined}
          required
          maxLength={NAME_MAX}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {requirement("origin")}
          {requirement("dest")}
        </SimpleGrid>
        <Select<GroupChoice>
          label={t("form.group")}
          data={GROUP_CHOICES.map((choice) => ({
            value: choice,
            label: t(choice === "CAF" ? "form.group-none" : `groups.${choice}`),
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
                label={t(`form.${label}`)}
                description={noReader ? t("form.dest-read-none") : help ? t(`form.${help}`) : undefined}
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
        <FormActions
          busy={submit.busy}
          submitLabel={t("form.save")}
          submitDisabled={!changed}
          cancel={{ label: t("form.cancel"), onClick: onCancel }}
        />
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
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.form" });
  const save = useSaveDefinition();
  // The title stays the same while the modal fades out.
  const [mode, setMode] = useState<DefinitionFormTarget["mode"]>("add");
  useEffect(() => {
    if (target !== null) setMode(target.mode);
  }, [target]);
  // A new form each time the modal opens on something (no state left from the previous one).
  const formKey = target === null ? "none" : target.mode === "edit" ? `edit-${target.row.id}` : `add-${target.tab}`;
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      busy={save.isPending}
      title={t((target?.mode ?? mode) === "edit" ? "edit-title" : "add-title")}
      size="lg"
    >
      {target && (
        <DefinitionForm
          key={formKey}
          target={target}
          save={save}
          onCancel={() => {
            if (!save.isPending) onClose();
          }}
          onSaved={(row) => onSaved(row, target.mode === "add")}
        />
      )}
    </FormModal>
  );
}
