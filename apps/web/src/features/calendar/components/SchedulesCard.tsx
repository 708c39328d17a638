import type { CalendarMonth } from "@coordina/domain";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconClock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useScheduleWords } from "../../../shared/calendar/scheduleWords";

/**
 * Beside the entries (issue 22 item 4): the weekly schedules of the providers serving the community (provider,
 * title, days in words, hours, 'Hasta DD/MM/YYYY') and their 24-hour services ('Servicio 24 horas: …').
 */
export function SchedulesCard({ month }: { month: Pick<CalendarMonth, "schedules" | "services24"> }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-schedules" });
  const words = useScheduleWords();
  const { schedules, services24 } = month;
  return (
    <Card withBorder radius="md" padding="md" data-testid="calendar-schedules">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconClock size={18} aria-hidden />
        <Title order={4}>{t("title")}</Title>
      </Group>
      {schedules.length === 0 && services24.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("none")}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t("title")}>
          {services24.map((service) => (
            <Group key={`24-${service.id_provider}`} role="listitem" gap="xs" data-testid="calendar-service24">
              <Badge color="teal" variant="light">
                24 h
              </Badge>
              <Text size="sm" style={{ wordBreak: "break-word" }}>
                {t("service24", { provider: service.provider_name })}
              </Text>
            </Group>
          ))}
          {schedules.map((schedule) => (
            <Stack key={schedule.id} gap={0} role="listitem" data-testid="calendar-schedule">
              <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
                {schedule.provider_name} · {schedule.title}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  words.days(schedule.weekday),
                  words.hours(schedule.starttime, schedule.endtime),
                  schedule.obsolete ? words.until(schedule.obsolete) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
