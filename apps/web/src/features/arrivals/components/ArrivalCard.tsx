import type { ArrivalProviderRow } from "@coordina/domain";
import { Button, Card, Group, List, Stack, Text } from "@mantine/core";
import { IconDoorEnter } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { arrivalDateTime } from "../../../shared/arrivals/arrivalTime";
import { arrivalLight, arrivalLightLabel, missingItems } from "../../../shared/arrivals/missingWords";
import { TrafficLight } from "../../../ui/TrafficLight";

interface ArrivalCardProps {
  row: ArrivalProviderRow;
  onArrived: () => void;
  /** this provider's arrival is being recorded */
  recording: boolean;
  /** another one's is */
  disabled: boolean;
}

/**
 * A provider at the door: its name and CIF, a large light with what it means in words ('En regla' /
 * 'Le falta documentación'), what it lacks in plain words, its last arrival and 'Ha llegado'.
 */
export function ArrivalCard({ row, onArrived, recording, disabled }: ArrivalCardProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-arrivals" });
  const light = arrivalLight(row.missing);
  const verdict = arrivalLightLabel(row.missing);
  const missing = missingItems(row.missing);
  const ok = light === "ok";
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      role="listitem"
      data-testid="arrival-provider"
      data-provider-id={row.provider_id}
      data-light={light}
      style={{ borderLeft: `6px solid var(--mantine-color-${ok ? "green" : "red"}-7)` }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <TrafficLight light={light} label={verdict} size={36} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={700} size="lg" style={{ wordBreak: "break-word" }}>
              {row.provider_name}
            </Text>
            <Text size="sm" c="dimmed">
              {t("cif", { cif: row.provider_cif })}
            </Text>
          </Stack>
        </Group>
        <Text fw={700} c={ok ? "green.9" : "red.9"} data-testid="arrival-verdict">
          {verdict}
        </Text>
        {missing.length > 0 && (
          <List
            size="sm"
            spacing={4}
            aria-label={t("missing-label", { name: row.provider_name })}
            data-testid="arrival-missing"
          >
            {missing.map((item) => (
              <List.Item key={item.key}>{item.words}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c="dimmed" data-testid="arrival-last">
          {row.last_arrival ? t("last-arrival", { date: arrivalDateTime(row.last_arrival) }) : t("no-arrival")}
        </Text>
        <Button
          size="lg"
          fullWidth
          leftSection={<IconDoorEnter size={20} aria-hidden />}
          loading={recording}
          disabled={disabled && !recording}
          onClick={onArrived}
          aria-label={t("arrived-label", { name: row.provider_name })}
        >
          {t("arrived")}
        </Button>
      </Stack>
    </Card>
  );
}
