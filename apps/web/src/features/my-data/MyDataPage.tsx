import { isValidEmail, ValidationKey } from "@coordina/domain";
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { rememberLogin, session, useSession } from "../../app/session";
import { PageFrame } from "../../ui/PageFrame";
import { editUser } from "./api/editUser";
import { fetchOwnCompany } from "./api/fetchOwnCompany";
import texts from "./es.json";

addTexts(texts);

/** The company the user works for, read only. */
function CompanyCard() {
  const { t } = useTranslation();
  const company = useQuery({ queryKey: ["my-data", "company"], queryFn: fetchOwnCompany });
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4} mb="md">
        {t("my-data-page.company")}
      </Title>
      {company.isPending ? (
        <Loader size="sm" aria-label={t("app.loading")} />
      ) : company.isError ? (
        <Text c="dimmed">{t("my-data-page.company-error")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="my-company">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("my-data-page.company-name")}
            </Text>
            <Text>{company.data.name}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("my-data-page.company-cif")}
            </Text>
            <Text>{company.data.cif || "—"}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("my-data-page.company-type")}
            </Text>
            <Text>{t(`roles.${company.data.type}`, { defaultValue: String(company.data.type) })}</Text>
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}

/** Mis datos (spec 01 §2, §5): the user's e-mail, which is also the login. */
export default function MyDataPage() {
  const { t } = useTranslation();
  const current = useSession();
  const [email, setEmail] = useState(current?.user.email ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (next: string) => editUser(current!.user.id, { email: next }),
    onSuccess: (user) => {
      const previous = current?.user.email;
      session.setUserEmail(user.email);
      // The remembered login follows the new e-mail.
      if (previous && rememberLogin.get()?.email === previous) rememberLogin.set(user.email);
      setEmail(user.email);
    },
  });

  if (!current) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? t(ValidationKey.required) : !isValidEmail(value) ? t(ValidationKey.emailFormat) : null;
    setFieldError(problem);
    save.reset();
    if (!problem) save.mutate(value);
  }

  return (
    <PageFrame title={t("my-data-page.title")}>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={4}>{t("my-data-page.personal")}</Title>
            <TextInput
              label={t("my-data-page.email")}
              description={t("my-data-page.email-description")}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
            />
            {save.isSuccess && (
              <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="my-data-saved">
                {t("my-data-page.saved")}
              </Alert>
            )}
            {save.isError && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title={t("my-data-page.not-saved")}
                data-testid="my-data-not-saved"
              >
                {errorText(save.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t("my-data-page.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <CompanyCard />
    </PageFrame>
  );
}
