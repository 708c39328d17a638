import "@mantine/dates/styles.css";
import { type CommunitiesDefinedResponse, ErrorKey, MAX_UPLOAD_COMMUNITIES } from "@coordina/domain";
import { Alert, Button, Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconAlertTriangle, IconCalendar, IconCircleCheck, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRefreshDocuments } from "../../../shared/documents/api/refreshDocuments";
import { UploadArea } from "../../../ui/UploadArea";
import { type ManyTarget, manyUploadFields, UPLOAD_DEFINED_FILE_MANY, writtenCount } from "../api/uploadMany";

type Definition = CommunitiesDefinedResponse["definitions"][number];

/** How many communities a target names ('all': every one of the administrator's but its exceptions). */
export function targetSize(target: ManyTarget, total: number): number {
  return target.kind === "all" ? Math.max(total - target.except.size, 0) : target.ids.size;
}

/**
 * The multi-community upload: the definition (per-community ones the administrator uploads), its expiry when it
 * demands one ('Fecha de caducidad obligatoria' until chosen: one date for every copy), the communities chosen
 * below (this page's, all of them, none) and one PDF, sent once: one document per community, all or nothing.
 */
export function ManyUploadCard({
  definitions,
  target,
  total,
  definitionId,
  onDefinition,
  onChoosePage,
  onChooseAll,
  onClear,
}: {
  definitions: Definition[];
  target: ManyTarget;
  /** how many communities the administrator has (with the search) */
  total: number;
  definitionId: number | null;
  onDefinition: (id: number | null) => void;
  onChoosePage: () => void;
  onChooseAll: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "community-documents.upload" });
  const { t: tAll } = useTranslation();
  const refresh = useRefreshDocuments();
  const [obsolete, setObsolete] = useState<string | null>(null);
  const [written, setWritten] = useState<number | null>(null);
  const definition = definitions.find((d) => d.id === definitionId);
  const size = targetSize(target, total);
  const expiryOwed = definition?.obsoletable === true && !obsolete;
  // The server takes up to MAX_UPLOAD_COMMUNITIES named communities; 'Elegir todas' names only those unticked.
  const named = target.kind === "all" ? target.except.size : size;
  const tooMany = named > MAX_UPLOAD_COMMUNITIES;
  const ready = definition !== undefined && size > 0 && !expiryOwed && !tooMany;
  const chosenText =
    size === 0
      ? t("chosen-none")
      : target.kind === "all"
        ? tooMany
          ? t("too-many-except", { count: named, max: MAX_UPLOAD_COMMUNITIES })
          : named > 0
            ? t("chosen-all-but", { count: size, except: named })
            : t("chosen-all", { count: total })
        : tooMany
          ? t("too-many", { count: size, max: MAX_UPLOAD_COMMUNITIES })
          : t("chosen", { count: size });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="many-upload">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconUpload size={20} aria-hidden />
          <Title order={2} size="h4">
            {t("title")}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t("text")}
        </Text>
        <Select
          label={t("definition")}
          placeholder={t("definition-placeholder")}
          data={definitions.map((d) => ({ value: String(d.id), label: d.name }))}
          value={definitionId === null ? null : String(definitionId)}
          onChange={(value) => {
            onDefinition(value ? Number(value) : null);
            setObsolete(null);
            setWritten(null);
          }}
          data-testid="many-definition"
          comboboxProps={{ withinPortal: true }}
        />
        {definition?.obsoletable && (
          <>
            <DatePickerInput
              label={t("expiry")}
              placeholder={t("expiry-choose")}
              value={obsolete}
              onChange={(value) => setObsolete(value)}
              valueFormat="DD/MM/YYYY"
              locale="es"
              required
              leftSection={<IconCalendar size={16} />}
              popoverProps={{ withinPortal: true }}
              data-testid="many-expiry"
            />
            {expiryOwed && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="expiry-required" p="xs">
                {tAll(ErrorKey.expiryRequired)}
              </Alert>
            )}
          </>
        )}
        <Group gap="xs" wrap="wrap">
          <Button variant="light" size="xs" onClick={onChoosePage}>
            {t("page")}
          </Button>
          <Button variant="light" size="xs" onClick={onChooseAll} disabled={total === 0}>
            {t("all", { count: total })}
          </Button>
          <Button variant="subtle" size="xs" color="gray" onClick={onClear} disabled={size === 0}>
            {t("clear")}
          </Button>
        </Group>
        <Text size="sm" fw={500} data-testid="many-chosen" aria-live="polite">
          {chosenText}
        </Text>
        {!ready && !expiryOwed && (
          <Text size="sm" c="dimmed">
            {t("needs")}
          </Text>
        )}
        {written !== null && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="many-done" p="xs">
            {t("done", { count: written })}
          </Alert>
        )}
        <UploadArea
          // A new choice is a new area: what it listed was sent with the earlier one.
          key={`${definitionId}-${chosenText}-${obsolete}`}
          path={UPLOAD_DEFINED_FILE_MANY}
          fields={definition ? manyUploadFields(definition.id, target, obsolete) : {}}
          multiple={false}
          disabled={!ready}
          onUploaded={(answer) => {
            setWritten(writtenCount(answer));
            void refresh();
          }}
        />
      </Stack>
    </Card>
  );
}
