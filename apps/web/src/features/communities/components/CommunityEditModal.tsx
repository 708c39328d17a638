import type { CommunityView } from "@coordina/domain";
import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { ErrorAlert } from "../../../ui/LoadState";
import { useSubmit } from "../../../ui/useSubmit";
import { useUpdateCommunity } from "../api/updateCommunity";
import {
  EDIT_FIELDS,
  EDIT_MAX,
  type EditField,
  editChanged,
  editFormError,
  editValuesOf,
  updateOf,
} from "../communityForm";

interface EditFormProps {
  community: CommunityView;
  save: ReturnType<typeof useUpdateCommunity>;
  onCancel: () => void;
  onSaved: () => void;
}

const TYPES: Partial<Record<EditField, string>> = { email: "email", tfn: "tel" };

function EditForm({ community, save, onCancel, onSaved }: EditFormProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "panel.edit" });
  const { t: tAll } = useTranslation();
  const [loaded] = useState(() => editValuesOf(community));
  const [values, setValues] = useState(loaded);
  const [touched, setTouched] = useState<Partial<Record<EditField, boolean>>>({});
  const changed = editChanged(loaded, values);
  const submit = useSubmit(save, {
    check: () => {
      if (!changed || save.isPending) return false;
      setTouched(Object.fromEntries(EDIT_FIELDS.map((f) => [f, true])));
      return !EDIT_FIELDS.some((f) => editFormError(f, values[f]));
    },
    variables: () => updateOf(community.id, values),
    onDone: onSaved,
    failureIn: "form",
  });

  const input = (field: EditField, autofocus = false) => {
    const key = touched[field] ? editFormError(field, values[field]) : undefined;
    return (
      <TextInput
        label={t(field)}
        type={TYPES[field]}
        value={values[field]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((vs) => ({ ...vs, [field]: value }));
          submit.reset();
        }}
        onBlur={() => setTouched((ts) => ({ ...ts, [field]: true }))}
        error={key ? tAll(key) : undefined}
        required={field === "name" || field === "cif"}
        maxLength={EDIT_MAX[field]}
        data-autofocus={autofocus || undefined}
      />
    );
  };

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack>
        {input("name", true)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {input("cif")}
          {input("email")}
          {input("person")}
          {input("tfn")}
        </SimpleGrid>
        {input("address")}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {input("postcode")}
          {input("city")}
          {input("country")}
        </SimpleGrid>
        {submit.failure && (
          <ErrorAlert title={t("save-error")} testId="community-edit-error">
            {submit.failure}
          </ErrorAlert>
        )}
        <FormActions
          busy={submit.busy}
          submitLabel={t("save")}
          submitDisabled={!changed}
          cancel={{ label: t("cancel"), onClick: onCancel }}
        />
      </Stack>
    </form>
  );
}

interface CommunityEditModalProps {
  /** the community edited; null closes the modal */
  community: CommunityView | null;
  onClose: () => void;
  /** saved: the panel says so (the community and the lists are read again) */
  onSaved: () => void;
}

/**
 * Edits a community's data (spec 02 §3 'Company edit', §5): name and tax id required, e-mail valid or
 * empty, postcode empty or of 5; 'Guardar' only when something changed; a refusal shows in the form.
 */
export function CommunityEditModal({ community, onClose, onSaved }: CommunityEditModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "panel.edit" });
  const save = useUpdateCommunity();
  return (
    <FormModal
      opened={community !== null}
      onClose={onClose}
      reset={save.reset}
      busy={save.isPending}
      title={t("title")}
      size="lg"
    >
      {community && (
        <EditForm
          community={community}
          save={save}
          onCancel={() => {
            if (save.isPending) return;
            save.reset();
            onClose();
          }}
          onSaved={onSaved}
        />
      )}
    </FormModal>
  );
}
