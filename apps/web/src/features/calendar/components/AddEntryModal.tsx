import { CALENDAR } from "@coordina/domain";
import { Checkbox, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { DatePickerInput, TimeInput } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../app/api";
import { errorText } from "../../../app/errorDialog";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { ErrorAlert } from "../../../ui/LoadState";
import { type CalendarAddResponse, useAddCalendarEntry } from "../api/addCalendarEntry";
import { type AddEntryForm, addFormReady, addRequest, emptyAddForm } from "../logic";

interface AddEntryModalProps {
  opened: boolean;
  communityId: number;
  /** the day chosen in the calendar, the start's day by default */
  day: string | null;
  onClose: () => void;
  onAdded: (answer: CalendarAddResponse) => void;
}

/** The form's fields; mounted on each opening, so that it starts empty. */
function AddEntryFields({
  communityId,
  day,
  onClose,
  onAdded,
  add,
}: Omit<AddEntryModalProps, "opened"> & { add: ReturnType<typeof useAddCalendarEntry> }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-add" });
  const [form, setForm] = useState<AddEntryForm>(() => emptyAddForm(day));
  const set = (change: Partial<AddEntryForm>) => setForm((current) => ({ ...current, ...change }));
  const ready = addFormReady(form);
  const failure = add.error;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || add.isPending) return;
        add.mutate(addRequest(communityId, form), { onSuccess: onAdded });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePickerInput
            label={t("start-date")}
            placeholder={t("choose-date")}
            value={form.startDate}
            onChange={(value) => set({ startDate: value })}
            valueFormat="DD/MM/YYYY"
            locale="es"
            clearable
            clearButtonProps={{ "aria-label": t("clear-start") }}
            required
            leftSection={<IconCalendar size={16} aria-hidden />}
            popoverProps={{ withinPortal: true }}
            data-autofocus
          />
          <TimeInput
            label={t("start-time")}
            value={form.startTime}
            onChange={(event) => set({ startTime: event.currentTarget.value })}
            required
          />
          <DatePickerInput
            label={t("end-date")}
            placeholder={t("choose-date")}
            value={form.endDate}
            onChange={(value) => set({ endDate: value })}
            valueFormat="DD/MM/YYYY"
            locale="es"
            clearable
            clearButtonProps={{ "aria-label": t("clear-end") }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            popoverProps={{ withinPortal: true }}
          />
          <TimeInput
            label={t("end-time")}
            value={form.endTime}
            onChange={(event) => set({ endTime: event.currentTarget.value })}
            disabled={!form.endDate}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("end-note")}
        </Text>
        <Textarea
          label={t("comment")}
          value={form.comment}
          onChange={(event) => set({ comment: event.currentTarget.value })}
          maxLength={CALENDAR.commentMax}
          rows={3}
        />
        <Checkbox
          label={t("notify")}
          checked={form.notify}
          onChange={(event) => set({ notify: event.currentTarget.checked })}
        />
        {failure && (
          <ErrorAlert role="alert" title={t("failed")} testId="calendar-add-failed">
            {failure instanceof ApiError && !failure.unexpected ? errorText(failure) : null}
          </ErrorAlert>
        )}
        <FormActions
          busy={add.isPending}
          submitLabel={t("accept")}
          submitDisabled={!ready}
          cancel={{ label: t("cancel"), onClick: onClose }}
        />
      </Stack>
    </form>
  );
}

/**
 * 'Añadir entrada' (spec 02 §2, §5, §9): start day and time, end day and time (09:00 by default), comment
 * and 'Avisar a los proveedores que coincidan'. 'Aceptar' waits for a start, and for an end when there is a
 * comment. A refusal shows 'Error al introducir la Entrada de calendario' with the server's reason; the form
 * stays as it was.
 */
export function AddEntryModal({ opened, ...props }: AddEntryModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-add" });
  // Here, not in the fields: the answer of an add still being sent when the form is closed is not lost.
  const add = useAddCalendarEntry(props.communityId);
  const close = () => {
    add.reset();
    props.onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} busy={add.isPending} title={t("title")} size="lg">
      {opened && (
        <AddEntryFields
          {...props}
          add={add}
          onClose={close}
          onAdded={(answer) => {
            add.reset();
            props.onAdded(answer);
          }}
        />
      )}
    </FormModal>
  );
}
