import "@mantine/dates/styles.css";
import { CALENDAR, type Schedule, WEEKDAYS } from "@coordina/domain";
import { Alert, Checkbox, Chip, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput, TimeInput } from "@mantine/dates";
import { IconAlertCircle, IconCalendar } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useScheduleWords } from "../../../shared/calendar/scheduleWords";
import { FormActions } from "../../../ui/FormModal";
import { useSubmit } from "../../../ui/useSubmit";
import { useAddSchedule } from "../api/schedules";
import { type ScheduleFields, scheduleComplete, scheduleDraft } from "../scheduleForm";

const EMPTY: ScheduleFields = { title: "", weekdays: [], starttime: "", endtime: "", expires: false, obsolete: null };

/**
 * 'Añadir' of 'Programación' (spec 02 §2, §5 'Schedule form'): title, weekdays (Monday first), start and end
 * time, and an expiry date behind its checkbox. A click outside does not close it (spec 02 §2), nor does
 * anything while it is being saved; a server refusal shows in the form, which keeps what was typed.
 */
export function ScheduleModal({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (schedule: Schedule) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "provider-config.schedule-form" });
  const words = useScheduleWords();
  const daysLabel = useId();
  const [fields, setFields] = useState(EMPTY);
  const set = (change: Partial<ScheduleFields>) => setFields((current) => ({ ...current, ...change }));
  const complete = scheduleComplete(fields);
  const submit = useSubmit(useAddSchedule(), {
    check: () => complete,
    variables: () => scheduleDraft(fields),
    failureIn: "form",
    onDone: (schedule) => {
      setFields(EMPTY);
      submit.reset();
      onSaved(schedule);
    },
  });
  const close = () => {
    if (submit.busy) return;
    setFields(EMPTY);
    submit.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("title")}
      closeOnClickOutside={false}
      closeOnEscape={!submit.busy}
      withCloseButton={!submit.busy}
    >
      <form onSubmit={submit.onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("name")}
            value={fields.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
            maxLength={CALENDAR.scheduleTitleMax}
            required
            data-autofocus
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id={daysLabel}>
              {t("weekdays")}
            </Text>
            <Chip.Group
              multiple
              value={fields.weekdays.map(String)}
              onChange={(values) => set({ weekdays: values.map(Number) })}
            >
              <Group gap="xs" role="group" aria-labelledby={daysLabel}>
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={String(day)} size="sm">
                    {words.weekday(day)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Group grow align="flex-start">
            <TimeInput
              label={t("start")}
              value={fields.starttime}
              onChange={(event) => set({ starttime: event.currentTarget.value })}
              required
            />
            <TimeInput
              label={t("end")}
              value={fields.endtime}
              onChange={(event) => set({ endtime: event.currentTarget.value })}
              required
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t("overnight-hint")}
          </Text>
          <Checkbox
            label={t("expires")}
            checked={fields.expires}
            onChange={(event) => set({ expires: event.currentTarget.checked })}
          />
          <DatePickerInput
            label={t("obsolete")}
            placeholder={t("obsolete-placeholder")}
            value={fields.obsolete}
            onChange={(value) => set({ obsolete: value })}
            valueFormat="DD/MM/YYYY"
            locale="es"
            disabled={!fields.expires}
            required={fields.expires}
            leftSection={<IconCalendar size={16} />}
            popoverProps={{ withinPortal: true }}
          />
          {submit.failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="schedule-failure">
              {submit.failure}
            </Alert>
          )}
          <FormActions
            busy={submit.busy}
            submitLabel={t("save")}
            submitDisabled={!complete}
            cancel={{ label: t("cancel"), onClick: close }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
