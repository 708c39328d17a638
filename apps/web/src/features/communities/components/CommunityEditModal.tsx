import type { CommunityView } from "@coordina/domain";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { COMMUNITIES_KEY } from "../api/fetchCommunities";
import { communityKey } from "../api/fetchCommunity";
import { PROVIDER_COMMUNITIES_KEY } from "../api/fetchProviderCommunities";
import { updateCommunity } from "../api/updateCommunity";
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
  onCancel: () => void;
  onSaved: () => void;
  onBusy: (busy: boolean) => void;
}

const TYPES: Partial<Record<EditField, string>> = { email: "email", tfn: "tel" };

function EditForm({ community, onCancel, onSaved, onBusy }: EditFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [loaded] = useState(() => editValuesOf(community));
  const [values, setValues] = useState(loaded);
  const [touched, setTouched] = useState<Partial<Record<EditField, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = editChanged(loaded, values);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changed || saving) return;
    setTouched(Object.fromEntries(EDIT_FIELDS.map((f) => [f, true])));
    if (EDIT_FIELDS.some((f) => editFormError(f, values[f]))) return;
    setSaving(true);
    onBusy(true);
    setFailure(null);
    try {
      await updateCommunity(updateOf(community.id, values));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKey(community.id) }),
        queryClient.invalidateQueries({ queryKey: [COMMUNITIES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [PROVIDER_COMMUNITIES_KEY] }),
      ]);
      onSaved();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
      onBusy(false);
    }
  }

  const input = (field: EditField, autofocus = false) => {
    const key = touched[field] ? editFormError(field, values[field]) : undefined;
    return (
      <TextInput
        label={t(`panel.edit.${field}`)}
        type={TYPES[field]}
        value={values[field]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((vs) => ({ ...vs, [field]: value }));
          setFailure(null);
        }}
        onBlur={() => setTouched((ts) => ({ ...ts, [field]: true }))}
        error={key ? t(key) : undefined}
        required={field === "name" || field === "cif"}
        maxLength={EDIT_MAX[field]}
        data-autofocus={autofocus || undefined}
      />
    );
  };

  return (
    <form onSubmit={save} noValidate>
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
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={t("panel.edit.save-error")}
            data-testid="community-edit-error"
          >
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t("panel.edit.cancel")}
          </Button>
          <Button type="submit" disabled={!changed} loading={saving}>
            {t("panel.edit.save")}
          </Button>
        </Group>
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
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal
      opened={community !== null}
      onClose={close}
      title={t("panel.edit.title")}
      size="lg"
      closeOnClickOutside={!busy}
    >
      {community && <EditForm community={community} onCancel={close} onSaved={onSaved} onBusy={setBusy} />}
    </Modal>
  );
}
