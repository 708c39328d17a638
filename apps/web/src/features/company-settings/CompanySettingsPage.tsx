import { type CompanyView, REGIONS } from "@coordina/domain";
import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { companyQuery } from "../../shared/companies/api/fetchCompany";
import { ErrorAlert } from "../../ui/LoadState";
import { PageFrame } from "../../ui/PageFrame";
import { useUpdateCompany } from "./api/updateCompany";
import { type CompanyField, type CompanyForm, formOf, hasChanges, isColegio, problemsOf, trimmed } from "./companyForm";
import texts from "./es.json";

addTexts(texts);

/** Text fields in the order shown, with their input attributes. */
const TEXT_FIELDS: { field: Exclude<CompanyField, "region">; type?: string; maxLength: number; required?: boolean }[] =
  [
    { field: "name", maxLength: 200, required: true },
    { field: "cif", maxLength: 20 },
    { field: "email", type: "email", maxLength: 254 },
    { field: "person", maxLength: 200 },
    { field: "tfn", type: "tel", maxLength: 30 },
    { field: "address", maxLength: 200 },
    { field: "city", maxLength: 200 },
    { field: "postcode", maxLength: 10 },
    { field: "country", maxLength: 200 },
  ];

/**
 * The edit form (spec 02 §5 'Company edit'): a field's message shows once it has been left (or after a
 * try to save); nothing is sent while a field is wrong; 'Guardar' is on only when something changed.
 */
function CompanyDataForm({ company }: { company: CompanyView }) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-settings" });
  const { t: tAll } = useTranslation();
  const [loaded, setLoaded] = useState<CompanyForm>(() => formOf(company));
  const [form, setForm] = useState<CompanyForm>(loaded);
  const [touched, setTouched] = useState<Partial<Record<CompanyField, boolean>>>({});
  const [tried, setTried] = useState(false);
  const colegio = isColegio(company);
  const save = useUpdateCompany(company);

  const problems = problemsOf(form);
  const changed = hasChanges(loaded, form);
  const messageOf = (field: CompanyField) => {
    const key = problems[field];
    return key && (touched[field] || tried) ? tAll(key) : undefined;
  };

  function set(field: CompanyField, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
    if (!save.isPending) save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || save.isPending) return;
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    save.mutate(trimmed(form), {
      onSuccess: (_, saved) => {
        setLoaded(saved);
        setForm(saved);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map(({ field, type, maxLength, required }) => (
            <TextInput
              key={field}
              label={t(`fields.${field}`)}
              type={type}
              required={required}
              maxLength={maxLength}
              value={form[field]}
              onChange={(e) => set(field, e.currentTarget.value)}
              onBlur={() => setTouched((s) => ({ ...s, [field]: true }))}
              error={messageOf(field)}
            />
          ))}
          {colegio && (
            <Select
              label={t("fields.region")}
              placeholder={t("no-region")}
              data={REGIONS.map((r) => ({ value: r.code, label: r.name }))}
              value={form.region || null}
              onChange={(value) => set("region", value ?? "")}
              searchable
              clearable
            />
          )}
        </SimpleGrid>
        {save.isSuccess && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="company-saved">
            {t("saved")}
          </Alert>
        )}
        {save.isError && (
          <ErrorAlert title={t("not-saved")} testId="company-not-saved">
            {errorText(save.error)}
          </ErrorAlert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Company settings (spec 01 §2 /config): the current company's data, editable, and its manager. */
export default function CompanySettingsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "company-settings" });
  const { t: tAll } = useTranslation();
  const current = useSession();
  const id = current?.company.id ?? 0;
  const company = useQuery(companyQuery(id));

  return (
    <PageFrame title={t("title")}>
      <Card withBorder radius="md" padding="lg" maw={880}>
        <Title order={4} mb="md">
          {t("card")}
        </Title>
        {company.isError || id <= 0 ? (
          <ErrorAlert title={t("read-error")} testId="company-read-error">
            {company.isError && errorText(company.error)}
          </ErrorAlert>
        ) : company.isPending ? (
          <Loader size="sm" aria-label={tAll("app.loading")} />
        ) : (
          <CompanyDataForm key={company.data.id} company={company.data} />
        )}
      </Card>
      {company.data && (
        <Card withBorder radius="md" padding="lg" maw={880}>
          <Title order={4} mb="md">
            {t("manager")}
          </Title>
          <TextInput
            label={t("manager-email")}
            description={t("manager-note")}
            value={company.data.owner_user?.email ?? t("no-manager")}
            readOnly
            variant="filled"
            maw={420}
            data-testid="company-manager"
          />
        </Card>
      )}
    </PageFrame>
  );
}
