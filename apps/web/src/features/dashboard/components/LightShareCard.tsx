import { LIGHT_COLOR, type Light, type LightShare } from "@coordina/domain";
import { DonutChart } from "@mantine/charts";
import { Anchor, Box, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const LIGHTS: readonly Light[] = ["ok", "warn", "error", "none"];

/** A link's smallest hit area (WCAG 2.2 2.5.8: 24 px high), however short its line. */
export const TARGET = { display: "inline-block", minHeight: 24, lineHeight: "24px" } as const;

/** A share as a whole percent of `total` (0 when there is nothing). */
export const percentOf = (count: number, total: number) => (total > 0 ? Math.round((100 * count) / total) : 0);

interface LightShareCardProps {
  title: string;
  /** how a row's light is decided, in words */
  rule: string;
  share: LightShare;
  /** where each light's figure leads (a list with its filter, or the plain list when it has none) */
  linkOf: (light: Light) => string;
  /** the link to the whole list under the figures */
  footer: ReactNode;
  testId: string;
}

/**
 * A share of lights: a donut in the lights' colours, and the same figures as text, each a link to the list
 * behind it (the chart is hidden from screen readers: the text says everything it shows).
 */
export function LightShareCard({ title, rule, share, linkOf, footer, testId }: LightShareCardProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page" });
  const total = share.ok + share.warn + share.error + share.none;
  const data = LIGHTS.filter((light) => share[light] > 0).map((light) => ({
    name: t(`lights.${light}`),
    value: share[light],
    color: LIGHT_COLOR[light],
  }));
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${testId}-title`}>
          {title}
        </Title>
        <Group align="center" gap="md" wrap="nowrap">
          {total > 0 && (
            <Box aria-hidden="true" style={{ flex: "none" }}>
              <DonutChart
                data={data}
                size={112}
                thickness={18}
                withTooltip={false}
                chartLabel={total}
                // hidden from screen readers: no tab stop either
                pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
                accessibilityLayer={false}
              />
            </Box>
          )}
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: "none", minWidth: 0 }}>
            {LIGHTS.map((light) => (
              <Group key={light} component="li" gap={6} wrap="nowrap" data-testid={`${testId}-${light}`}>
                <Box
                  aria-hidden="true"
                  w={12}
                  h={12}
                  style={{ borderRadius: "50%", background: LIGHT_COLOR[light], flex: "none" }}
                />
                <Anchor component={Link} to={linkOf(light)} size="sm" style={TARGET}>
                  {t(`lights.${light}`)}: {t("share", { count: share[light], percent: percentOf(share[light], total) })}
                </Anchor>
              </Group>
            ))}
          </Stack>
        </Group>
        {total === 0 && (
          <Text size="sm" c="dimmed">
            {t("empty-share")}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {rule}
        </Text>
        {footer}
      </Stack>
    </Card>
  );
}
