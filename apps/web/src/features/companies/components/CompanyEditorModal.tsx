import { type CompanyView, Role } from "@coordina/domain";
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { allActivitiesQuery } from "../../../shared/activities/api/fetchAllActivities";
import { companyQuery } from "../../../shared/companies/api/fetchCompany";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { ErrorAlert, Loading } from "../../../ui/LoadState";
import { useSubmit } from "../../../ui/useSubmit";
import { useUpdateMemberCompany } from "../api/updateMemberCompany";
import { EDITABLE_TYPES, type EditorValues, hasChanges, updateRequest, valuesOf } from "../companyEdit";
import { ActivitiesEditor } from "./ActivitiesEditor";

interface EditorFormProps {
  company: CompanyView;
  save: ReturnType<typeof useUpdateMemberCompany>;
  onCancel: () => void;
  onSaved: (messages: string[]) => void;
}

function EditorForm({ company, save, onCancel, onSaved }: EditorFormProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.editor" });
  const { t: tAll } = useTranslation();
  const [loaded] = useState(() => valuesOf(company));
  const [values, setValues] = useState(loaded);
  const activities = useQuery(allActivitiesQuery);
  const dirty = hasChanges(loaded, values);
  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const submit = useSubmit(save, {
    check: () => dirty,
    variables: () => updateRequest(company.id, loaded, values),
    onDone: (answer) => onSaved(answer.email_notified ? [t("saved"), t("email-notified")] : [t("saved")]),
    failureIn: "form",
  });

  // A company other colegios share manages its own data: here only its activities of this colegio change.
  const locked = !company.editable;
  const text = (field: "email" | "cif" | "name", label: string, maxLength: number) => (
    <TextInput
      label={t(label)}
      disabled={locked}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      maxLength={maxLength}
      data-autofocus={field === "email" || undefined}
    />
  );
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack>
        {locked && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="company-shared">
            {tAll("company.shared")}
          </Alert>
        )}
        {text("email", "manager-email", 254)}
        {text("cif", "cif", 20)}
        {text("name", "name", 200)}
        <Radio.Group label={t("type")} value={String(values.type)} onChange={(v) => set("type", Number(v))}>
          <Group mt="xs">
            {EDITABLE_TYPES.map((type) => (
              <Radio key={type} value={String(type)} label={t(`type-${type}`)} disabled={locked} />
            ))}
          </Group>
        </Radio.Group>
        {values.type === Role.gremio && (
          <ActivitiesEditor
            value={values.activities}
            onChange={(next) => set("activities", next)}
            options={activities.data ?? []}
            loading={activities.isPending}
            failed={activities.isError}
          />
        )}
        <FormActions
          busy={submit.busy}
          submitLabel={t("save")}
          submitDisabled={!dirty}
          cancel={{ label: t("cancel"), onClick: onCancel }}
        />
      </Stack>
      <Modal opened={submit.failure !== null} onClose={submit.reset} title={t("save-error")} centered zIndex={400}>
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="company-save-error">
          {submit.failure}
        </Alert>
        <Group justify="flex-end" mt="md">
          <Button color="red" onClick={submit.reset}>
            {tAll("app.accept")}
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
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.editor" });
  const { t: tAll } = useTranslation();
  const save = useUpdateMemberCompany();
  // Read afresh each time the editor opens, and forgotten when it closes.
  const company = useQuery({ ...companyQuery(companyId ?? 0), staleTime: 0, gcTime: 0, retry: false });
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <FormModal opened={companyId !== null} onClose={onClose} busy={save.isPending} title={t("title")} size="lg">
      {company.isError ? (
        <Stack>
          <ErrorAlert title={t("read-error")} testId="company-read-error">
            {errorText(company.error)}
          </ErrorAlert>
          <Group justify="flex-end">
            <Button onClick={close}>{tAll("app.accept")}</Button>
          </Group>
        </Stack>
      ) : company.data && !company.isFetching ? (
        <EditorForm
          key={`${company.data.id}-${company.dataUpdatedAt}`}
          company={company.data}
          save={save}
          onCancel={close}
          onSaved={onSaved}
        />
      ) : (
        <Loading text={tAll("app.loading")} py="lg" />
      )}
    </FormModal>
  );
}
