import { Alert, Badge, Card, Group, Loader, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";

interface HomePanelProps<T> {
  testId: string;
  icon: ReactNode;
  title: string;
  /** what the number beside the title means, e.g. '3 documentos por leer' (for screen readers and the tooltip) */
  countLabel: (count: number) => string;
  query: UseQueryResult<T[]>;
  /** the friendly empty state: a title and a line */
  empty: { title: string; text: string };
  children: (rows: T[]) => ReactNode;
}

/**
 * One panel of the provider home: its title with the number of items, and the list, or while it loads,
 * fails or is empty, what is going on.
 */
export function HomePanel<T>({ testId, icon, title, countLabel, query, empty, children }: HomePanelProps<T>) {
  const { t } = useTranslation();
  const count = query.data?.length;
  const headingId = `${testId}-title`;
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t("provider-home.loading")} />
        <Text size="sm" c="dimmed">
          {t("provider-home.loading")}
        </Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid={`${testId}-error`}>
        {errorText(query.error)}
      </Alert>
    );
  else if (query.data.length === 0)
    body = (
      <Group gap="sm" wrap="nowrap" align="flex-start" py="sm" data-testid={`${testId}-empty`}>
        <ThemeIcon color="green" variant="light" radius="xl" size="lg" aria-hidden>
          <IconCircleCheck size={20} />
        </ThemeIcon>
        <div>
          <Text fw={600}>{empty.title}</Text>
          <Text size="sm" c="dimmed">
            {empty.text}
          </Text>
        </div>
      </Group>
    );
  else body = children(query.data);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={4} id={headingId}>
              {title}
            </Title>
          </Group>
          {count !== undefined && (
            <Badge
              color={count > 0 ? "orange" : "green"}
              variant="light"
              size="lg"
              title={countLabel(count)}
              data-testid={`${testId}-count`}
              data-count={count}
            >
              <span aria-hidden>{count}</span>
              <VisuallyHidden>{countLabel(count)}</VisuallyHidden>
            </Badge>
          )}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
