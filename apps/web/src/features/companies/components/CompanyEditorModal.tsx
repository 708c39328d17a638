import { type CompanyView, Role } from "@coordina/domain";
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { fetchAllActivities } from "../../activities/api/fetchAllActivities";
import { fetchCompany } from "../api/fetchCompany";
import { updateMemberCompany } from "../api/updateMemberCompany";
import { EDITABLE_TYPES, type EditorValues, hasChanges, updateRequest, valuesOf } from "../companyEdit";
import { ActivitiesEditor } from "./ActivitiesEditor";

interface EditorFormProps {
  company: CompanyView;
  onCancel: () => void;
  onSaved: (messages: string[]) => void;
  onBusy: (busy: boolean) => void;
}

function EditorForm({ company, onCancel, onSaved, onBusy }: EditorFormProps) {
  const { t } = useTranslation();
  const [loaded] = useState(() => valuesOf(company));
  const [values, setValues] = useState(loaded);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const activities = useQuery({
    queryKey: ["activities", "all"],
    queryFn: fetchAllActivities,
    staleTime: 30_000,
  });
  const isProvider = values.type === Role.gremio;
  const dirty = hasChanges(loaded, values);
  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty || saving) return;
    setSaving(true);
    onBusy(true);
    try {
      const answer = await updateMemberCompany(updateRequest(company.id, loaded, values));
      const messages = [t("companies-page.editor.saved")];
      if (answer.email_notified) messages.push(t("companies-page.editor.email-notified"));
      onSaved(messages);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
      onBusy(false);
    }
  }

  // A company other colegios share manages its own data: here only its activities of this colegio change.
  const locked = !company.editable;
  return (
    <form onSubmit={save} noValidate>
      <Stack>
        {locked && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="company-shared">
            {t("company.shared")}
          </Alert>
        )}
        <TextInput
          label={t("companies-page.editor.manager-email")}
          disabled={locked}
          value={values.email}
          onChange={(e) => set("email", e.currentTarget.value)}
          maxLength={254}
          data-autofocus
        />
        <TextInput
          label={t("companies-page.editor.cif")}
          value={values.cif}
          onChange={(e) => set("cif", e.currentTarget.value)}
          maxLength={20}
          disabled={locked}
        />
        <TextInput
          label={t("companies-page.editor.name")}
          value={values.name}
          onChange={(e) => set("name", e.currentTarget.value)}
          maxLength={200}
          disabled={locked}
        />
        <Radio.Group
          label={t("companies-page.editor.type")}
          value={String(values.type)}
          onChange={(v) => set("type", Number(v))}
        >
          <Group mt="xs">
            {EDITABLE_TYPES.map((type) => (
              <Radio
                key={type}
                value={String(type)}
                label={t(`companies-page.editor.type-${type}`)}
                disabled={locked}
              />
            ))}
          </Group>
        </Radio.Group>
        {isProvider && (
          <ActivitiesEditor
            value={values.activities}
            onChange={(next) => set("activities", next)}
            options={activities.data ?? []}
            loading={activities.isPending}
            failed={activities.isError}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t("companies-page.editor.cancel")}
          </Button>
          <Button type="submit" disabled={!dirty} loading={saving}>
            {t("companies-page.editor.save")}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={failure !== null}
        onClose={() => setFailure(null)}
        title={t("companies-page.editor.save-error")}
        centered
        zIndex={400}
      >
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="company-save-error">
          {failure}
        </Alert>
        <Group justify="flex-end" mt="md">
          <Button color="red" onClick={() => setFailure(null)}>
            {t("app.accept")}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}

interface CompanyEditorModalProps {
  /** the company edited; null closes the modal */
  companyId: number | null;
  onClose: () => void;
  /** saved: the notices to show (the list refreshes) */
  onSaved: (messages: string[]) => void;
}

/**
 * The colegio's company editor (spec 01 §2–§4, §8): manager e-mail, CIF, name, type and, for providers,
 * activities. 'Guardar' is enabled only when something changed.
 */
export function CompanyEditorModal({ companyId, onClose, onSaved }: CompanyEditorModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const company = useQuery({
    queryKey: ["company-editor", "view", companyId],
    queryFn: () => fetchCompany(companyId!),
    enabled: companyId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      opened={companyId !== null}
      onClose={close}
      title={t("companies-page.editor.title")}
      size="lg"
      closeOnClickOutside={!busy}
    >
      {company.isError ? (
        <Stack>
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={t("companies-page.editor.read-error")}
            data-testid="company-read-error"
          >
            {errorText(company.error)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t("app.accept")}</Button>
          </Group>
        </Stack>
      ) : company.data && !company.isFetching ? (
        <EditorForm
          key={`${company.data.id}-${company.dataUpdatedAt}`}
          company={company.data}
          onCancel={close}
          onSaved={onSaved}
          onBusy={setBusy}
        />
      ) : (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("app.loading")} />
          <Text c="dimmed" size="sm">
            {t("app.loading")}
          </Text>
        </Group>
      )}
    </Modal>
  );
}
