import { isValidEmail, Role, ValidationKey } from "@coordina/domain";
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconMailForward } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../app/dates";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { CalendarFeedCard } from "../../shared/calendar/CalendarFeedCard";
import { PageFrame } from "../../ui/PageFrame";
import { useEditUser } from "./api/editUser";
import { fetchOwnCompany } from "./api/fetchOwnCompany";
import { pendingEmailChangeQuery } from "./api/fetchPendingEmailChange";
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
        <Text c="gray.7">{t("my-data-page.company-error")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="my-company">
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {t("my-data-page.company-name")}
            </Text>
            <Text>{company.data.name}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {t("my-data-page.company-cif")}
            </Text>
            <Text>{company.data.cif || "—"}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {t("my-data-page.company-type")}
            </Text>
            <Text>{t(`roles.${company.data.type}`, { defaultValue: String(company.data.type) })}</Text>
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}

/** Those with communities' calendars, who may have the private calendar address (the server's calendar/feed). */
const WITH_CALENDAR: readonly number[] = [Role.administrador, Role.gremio, Role.portero];

/**
 * Mis datos (spec 01 §2, §5): the user's e-mail, which is also the login. 'Guardar' does not change it
 * yet: a link goes to the new address, and the e-mail changes when it is opened (EmailChangePage).
 * Administrators, providers and porters also find their calendar's private address here (issue 22).
 */
export default function MyDataPage() {
  const { t } = useTranslation();
  const current = useSession();
  const [email, setEmail] = useState(current?.user.email ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useEditUser(current?.user.id ?? -1);
  const pending = useQuery(pendingEmailChangeQuery);

  if (!current) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const value = email.trim();
    const problem = !value ? t(ValidationKey.required) : !isValidEmail(value) ? t(ValidationKey.emailFormat) : null;
    setFieldError(problem);
    save.reset();
    if (problem) return;
    // The field goes on showing the login as it is: it changes only once the link is opened.
    save.mutate(value, { onSuccess: (answer) => setEmail(answer.user.email) });
  }

  const requested = save.isSuccess ? save.data.pending : null;
  const waiting = pending.data && !requested ? pending.data : null;

  return (
    <PageFrame title={t("my-data-page.title")}>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={4}>{t("my-data-page.personal")}</Title>
            <TextInput
              label={t("my-data-page.email")}
              description={t("my-data-page.email-description")}
              // Mantine's dimmed grey is below 4.5:1 on white (axe color-contrast).
              styles={{ description: { color: "var(--mantine-color-gray-7)" } }}
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
              <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="my-data-saved" role="status">
                {/* The heading in the body: a green alert title is below 4.5:1 on its light background. */}
                <Text fw={700} size="sm">
                  {t("my-data-page.saved")}
                </Text>
                <Text size="sm" mt={4}>
                  {requested
                    ? t("my-data-page.confirmation-sent", {
                        email: requested.email,
                        current: save.data.user.email,
                        expires: formatDateTime(requested.expires),
                      })
                    : t("my-data-page.unchanged")}
                </Text>
              </Alert>
            )}
            {waiting && (
              <Alert
                color="blue"
                icon={<IconMailForward size={18} />}
                title={t("my-data-page.pending-title")}
                data-testid="my-data-pending"
              >
                {t("my-data-page.pending", { email: waiting.email, expires: formatDateTime(waiting.expires) })}
              </Alert>
            )}
            {save.isError && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title={t("my-data-page.not-saved")}
                data-testid="my-data-not-saved"
                role="alert"
              >
                {errorText(save.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" color="blue.8" loading={save.isPending}>
                {t("my-data-page.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <CompanyCard />
      {WITH_CALENDAR.includes(roleOf(current)) && <CalendarFeedCard />}
    </PageFrame>
  );
}
