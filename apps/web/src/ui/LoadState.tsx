import { Alert, Group, Loader, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorText } from "../app/errorDialog";

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

/** A red box with why something could not be loaded or saved. */
export function ErrorAlert({
  title,
  testId,
  role,
  children,
}: {
  title?: string;
  testId?: string;
  role?: "alert";
  children: ReactNode;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role={role} data-testid={testId}>
      {children}
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
  children: (data: T) => ReactNode;
}

/**
 * What a query shows: the spinner while it loads, the reason when it failed (the server's, or the generic
 * text), `empty` when there is nothing, otherwise its content.
 */
export function QueryView<T>({ query, loading, errorTestId, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading text={loading} />;
  if (query.isError)
    return (
      <ErrorAlert role="alert" testId={errorTestId}>
        {errorText(query.error)}
      </ErrorAlert>
    );
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
