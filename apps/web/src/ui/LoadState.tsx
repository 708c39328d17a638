import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../app/errorDialog";
import { addTexts } from "../app/i18n";
import texts from "./LoadState.es.json";

addTexts(texts);

/** The spinner with its text while something loads. */
export function Loading({ text, py = "md" }: { text: string; py?: string }) {
  return (
    <Group justify="center" py={py}>
      <Loader size="sm" aria-label={text} />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/**
 * A red box with why something could not be loaded or saved; with `onRetry`, 'Reintentar' under the reason
 * (it spins while `retrying`).
 */
export function ErrorAlert({
  title,
  testId,
  role,
  onRetry,
  retrying = false,
  children,
}: {
  title?: string;
  testId?: string;
  role?: "alert";
  onRetry?: () => void;
  retrying?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "load-state" });
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role={role} data-testid={testId}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <div>{children}</div>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retrying}
            onClick={onRetry}
          >
            {t("retry")}
          </Button>
        </Stack>
      ) : (
        children
      )}
    </Alert>
  );
}

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** the spinner's text while it loads */
  loading: string;
  errorTestId?: string;
  /** there is nothing to show: `empty` is shown instead of the content */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** the failure offers 'Reintentar', which asks again */
  retry?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * What a query shows: the spinner while it loads, the reason when it failed (the server's, or the generic
 * text; with `retry`, and 'Reintentar'), `empty` when there is nothing, otherwise its content.
 */
export function QueryView<T>({ query, loading, errorTestId, isEmpty, empty, retry, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading text={loading} />;
  if (query.isError)
    return (
      <ErrorAlert
        role="alert"
        testId={errorTestId}
        onRetry={retry ? () => void query.refetch() : undefined}
        retrying={query.isFetching}
      >
        {errorText(query.error)}
      </ErrorAlert>
    );
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
