import { type Activity, PAGE_SIZE } from "@coordina/domain";
import { ActionIcon, Alert, Group, Pagination, Select, Stack, Table, Text } from "@mantine/core";
import { IconAlertCircle, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageLabels } from "../../../ui/ListCard";

const PER_PAGE = PAGE_SIZE.activitiesEditor;

interface ActivitiesEditorProps {
  /** the company's activities being edited */
  value: Activity[];
  onChange: (next: Activity[]) => void;
  /** every activity of the colegio (the picker offers those not chosen yet) */
  options: Activity[];
  loading: boolean;
  failed: boolean;
}

/** The company editor's activities (spec 01 §2): a table paged 5 a page, with delete and a searchable add. */
export function ActivitiesEditor({ value, onChange, options, loading, failed }: ActivitiesEditorProps) {
  const pageLabels = usePageLabels();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const totalPages = Math.max(1, Math.ceil(value.length / PER_PAGE));
  const current = Math.min(page, totalPages);
  const shown = value.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const chosen = new Set(value.map((a) => a.id));
  const left = options.filter((a) => !chosen.has(a.id));

  function add(id: string | null) {
    const activity = left.find((a) => String(a.id) === id);
    setSearch("");
    if (!activity) return;
    const next = [...value, activity].sort((a, b) => a.name.localeCompare(b.name, "es"));
    onChange(next);
    // The page where the new activity now is.
    setPage(Math.floor(next.indexOf(activity) / PER_PAGE) + 1);
  }

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t("companies-page.editor.activities")}
      </Text>
      <Table striped withTableBorder aria-label={t("companies-page.editor.activities")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("companies-page.editor.activity")}</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text c="dimmed" size="sm" ta="center">
                  {t("companies-page.editor.activities-empty")}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            shown.map((activity) => (
              <Table.Tr key={activity.id}>
                {/* a long name breaks rather than widen the form past a phone's screen */}
                <Table.Td style={{ overflowWrap: "anywhere" }}>{activity.name}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("companies-page.editor.activity-remove", { name: activity.name })}
                    onClick={() => onChange(value.filter((a) => a.id !== activity.id))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {totalPages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={totalPages} value={current} onChange={setPage} {...pageLabels} />
        </Group>
      )}
      {failed ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {t("companies-page.editor.activities-error")}
        </Alert>
      ) : (
        <Select
          label={t("companies-page.editor.activity-add")}
          placeholder={
            !loading && left.length === 0
              ? t("companies-page.editor.activities-none-left")
              : t("companies-page.editor.activity-add-placeholder")
          }
          data={left.map((a) => ({ value: String(a.id), label: a.name }))}
          value={null}
          onChange={add}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t("companies-page.editor.activities-none-left")}
          disabled={loading || left.length === 0}
          clearable={false}
        />
      )}
    </Stack>
  );
}
