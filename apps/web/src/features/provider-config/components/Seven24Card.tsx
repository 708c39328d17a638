import { Card, Checkbox, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { ErrorAlert, Loading } from "../../../ui/LoadState";
import { seven24Query, useSetSeven24 } from "../api/seven24";

/**
 * 'Servicio 24 horas, 7 días de la semana' (spec 02 §2, §4 '24h service'): ticking saves the config key,
 * unticking deletes it. While it saves the box waits; then it shows what the server holds.
 */
export function Seven24Card() {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-config.seven24" });
  const { t: tAll } = useTranslation();
  const state = useQuery(seven24Query());
  const change = useSetSeven24();
  const busy = change.isPending || state.isFetching;
  const checked = change.isPending ? change.variables === true : state.data === true;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("title")}
        </Title>
        {state.isPending ? (
          <Loading text={tAll("provider-config.loading")} />
        ) : state.isError && state.data === undefined ? (
          <ErrorAlert role="alert" onRetry={() => void state.refetch()} retrying={state.isFetching}>
            {errorText(state.error)}
          </ErrorAlert>
        ) : (
          <>
            <Checkbox
              label={t("label")}
              description={t("note")}
              checked={checked}
              disabled={busy}
              onChange={(event) => change.mutate(event.currentTarget.checked)}
              data-testid="seven24"
            />
            <Group gap="xs" mih={24} role="status">
              {change.isPending && (
                <>
                  <Loader size="xs" aria-hidden />
                  <Text size="sm">{t("saving")}</Text>
                </>
              )}
              {change.isSuccess && !busy && (
                <Text size="sm" c="dimmed">
                  {t(change.data ? "saved-on" : "saved-off")}
                </Text>
              )}
            </Group>
            {change.isError && (
              <ErrorAlert role="alert" testId="seven24-error">
                {errorText(change.error)}
              </ErrorAlert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
