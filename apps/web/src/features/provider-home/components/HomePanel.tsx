import { Badge, Card, Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryView } from "../../../ui/LoadState";

interface HomePanelProps<T> {
  /** its texts under provider-home: title, count (what the number beside the title means, e.g. '3 documentos
   * por leer', for screen readers and the tooltip), and the friendly empty state's title and line */
  section: "reads" | "uploads";
  testId: string;
  icon: ReactNode;
  query: UseQueryResult<T[]>;
  children: (rows: T[]) => ReactNode;
}

/**
 * One panel of the provider home: its title with the number of items, and the list, or while it loads,
 * fails or is empty, what is going on.
 */
export function HomePanel<T>({ section, testId, icon, query, children }: HomePanelProps<T>) {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-home" });
  const countLabel = (count: number) => t(`${section}.count`, { count });
  const count = query.data?.length;
  const headingId = `${testId}-title`;
  const body = (
    <QueryView
      query={query}
      loading={t("loading")}
      errorTestId={`${testId}-error`}
      retry
      isEmpty={(rows) => rows.length === 0}
      empty={
        <Group gap="sm" wrap="nowrap" align="flex-start" py="sm" data-testid={`${testId}-empty`}>
          {/* Nothing owed may also mean nothing is expected yet (no community, no duty): neutral, never a
              green "all done" (docs/compliance.md §Lights, 'Nada esperado'). */}
          <ThemeIcon color="gray" variant="light" radius="xl" size="lg" aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <div>
            <Text fw={600}>{t(`${section}.empty`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`${section}.empty-text`)}
            </Text>
          </div>
        </Group>
      }
    >
      {children}
    </QueryView>
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={4} id={headingId}>
              {t(`${section}.title`)}
            </Title>
          </Group>
          {count !== undefined && (
            <Badge
              color={count > 0 ? "orange" : "gray"}
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
