import { Alert, Button, Card, CopyButton, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCalendarShare, IconCheck, IconCopy, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ErrorAlert, Loading } from "../../ui/LoadState";
import { shownDateTime } from "./calendarDays";
import { calendarFeedQuery, useRenewCalendarFeed } from "./calendarFeed";
import "./texts";

/** The new address, shown once in a read-only field with 'Copiar', and how to add it to an agenda. */
function NewAddress({ url }: { url: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-feed" });
  return (
    <Stack gap="sm" data-testid="feed-address">
      <TextInput
        label={t("address")}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        rightSectionWidth={110}
        rightSection={
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? "light" : "filled"}
                color={copied ? "green" : undefined}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                onClick={copy}
              >
                {copied ? t("copied") : t("copy")}
              </Button>
            )}
          </CopyButton>
        }
      />
      <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
        {t("only-now")}
      </Alert>
      <Text size="sm">{t("how")}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t("how-outlook")}</List.Item>
        <List.Item>{t("how-google")}</List.Item>
        <List.Item>{t("how-phone")}</List.Item>
      </List>
    </Stack>
  );
}

/**
 * 'Calendario en tu agenda' (issue 22 item 5, beyond the spec): whether the user has a private iCalendar
 * address and since when; 'Crear dirección', or 'Renovar dirección' after warning that the old one stops
 * working. The server keeps only the address's hash, so the new address is shown this once. Every user with
 * communities has one (the server's calendar/feed: providers, administrators and porters): it shows on the
 * provider's 'Calendario y servicio' and on 'Mis datos'.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-feed" });
  const feed = useQuery(calendarFeedQuery());
  const renew = useRenewCalendarFeed();
  const [asking, setAsking] = useState(false);
  const since = feed.data?.created_at ?? null;
  const url = renew.data?.url ?? null;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarShare size={20} aria-hidden />
          <Title order={2} size="h4">
            {t("title")}
          </Title>
        </Group>
        <Text size="sm">{t("intro")}</Text>
        {feed.isPending ? (
          <Loading text={t("loading")} />
        ) : feed.isError ? (
          <ErrorAlert role="alert" onRetry={() => void feed.refetch()} retrying={feed.isFetching}>
            {errorText(feed.error)}
          </ErrorAlert>
        ) : (
          <>
            <Text size="sm" fw={500} data-testid="feed-state">
              {since ? t("since", { date: shownDateTime(since) }) : t("none")}
            </Text>
            <Group>
              <Button
                variant={since ? "default" : "filled"}
                loading={renew.isPending}
                onClick={() => (since ? setAsking(true) : renew.mutate())}
              >
                {since ? t("renew") : t("create")}
              </Button>
            </Group>
            {renew.isError && <ErrorAlert role="alert">{errorText(renew.error)}</ErrorAlert>}
            {url && !renew.isPending && <NewAddress url={url} />}
          </>
        )}
      </Stack>
      <ConfirmDialog
        subject={asking ? true : null}
        title={t("confirm-title")}
        text={() => t("confirm-text")}
        cancelLabel={t("confirm-back")}
        confirmLabel={t("confirm")}
        onClose={() => setAsking(false)}
        onConfirm={() => renew.mutate()}
      />
    </Card>
  );
}
