import { type DefinitionRow, GROUP_FILTERS, type GroupFilter, PAGE_SIZE } from "@coordina/domain";
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconFileDescription, IconPaperclip, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ListCard } from "../../../ui/ListCard";
import { NoticeAlert } from "../../../ui/NoticeAlert";
import { usePagedList } from "../../../ui/usePagedList";
import { deleteDefinition } from "../api/deleteDefinition";
import { DEFINITIONS_KEY, fetchDefinitions } from "../api/fetchDefinitions";
import { templatesKey } from "../api/fetchTemplates";
import {
  type DefinitionTab,
  deleteTextKey,
  flagsOf,
  groupFilterOf,
  groupLabelKey,
  ORIGIN_OF_TAB,
  requirementLabel,
} from "../definitionForm";
import { DefinitionFormModal, type DefinitionFormTarget } from "./DefinitionFormModal";
import { TemplatesModal } from "./TemplatesModal";

/**
 * The definitions of one tab (spec 02 §2 'Document definitions administration'): those uploaded by the
 * tab's party, filtered by group and searched by name, 10 a page. Adding, editing and deleting only when
 * the server says the caller may (docsAllowedToEdit); anyone who may read them sees their templates.
 */
interface DefinitionsListProps {
  tab: DefinitionTab;
  /** the caller may add, edit and delete (the latest answer's docsAllowedToEdit, kept across tabs) */
  canEdit: boolean;
  onAllowed: (allowed: boolean) => void;
}

export function DefinitionsList({ tab, canEdit: allowed, onAllowed }: DefinitionsListProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`document-definitions.${key}`, values);
  const queryClient = useQueryClient();
  const development = useDevelopmentMode();
  const [group, setGroup] = useState<GroupFilter>("ALL");
  const [form, setForm] = useState<DefinitionFormTarget | null>(null);
  const [templatesOf, setTemplatesOf] = useState<DefinitionRow | null>(null);
  const [confirming, setConfirming] = useState<DefinitionRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = usePagedList<DefinitionRow>(
    DEFINITIONS_KEY,
    { tab, group },
    async (paging) => {
      const answer = await fetchDefinitions({
        tab,
        group,
        filter: paging.filter,
        currentPage: paging.page,
        perPage: paging.limit,
      });
      onAllowed(answer.docsAllowedToEdit);
      return answer;
    },
    k("empty"),
    { limit: PAGE_SIZE.definitions },
  );
  // Until the first answer nobody may edit; afterwards the latest answer says; a list that failed offers nothing.
  const canEdit = allowed && !list.failed;

  async function remove(row: DefinitionRow) {
    setBusy(row.id);
    setNotice(null);
    try {
      await deleteDefinition(row.id);
      queryClient.removeQueries({ queryKey: templatesKey(row.id) });
      setNotice(k("deleted", { name: row.name }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      list.refresh();
    }
  }

  const columns = [
    ...(development ? [k("columns.id")] : []),
    k("columns.name"),
    k("columns.dest"),
    k("columns.flags"),
    k("columns.group"),
    k("columns.templates"),
    k("columns.documents"),
    k("columns.actions"),
  ];

  const rows = list.rows.map((row) => {
    const flags = flagsOf(row);
    return (
      <Table.Tr key={row.id} data-testid={`definition-row-${row.id}`}>
        {development && <Table.Td>{row.id}</Table.Td>}
        <Table.Td>
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {row.name}
            </Text>
            {/* a definition shared with other parties shows in several tabs: say who uploads it */}
            {row.requirement_origin !== ORIGIN_OF_TAB[tab] && (
              <Text size="xs" c="dimmed">
                {k("origin-line", { origin: requirementLabel(row.requirement_origin) })}
              </Text>
            )}
          </Stack>
        </Table.Td>
        <Table.Td>{requirementLabel(row.requirement_dest)}</Table.Td>
        <Table.Td>
          <Group gap={4}>
            {flags.map((flag) => (
              <Badge key={flag} size="xs" variant="light" color={flag === "mandatory" ? "red" : "blue"}>
                {k(`flags.${flag}`)}
              </Badge>
            ))}
          </Group>
        </Table.Td>
        <Table.Td>{t(groupLabelKey(row.group))}</Table.Td>
        <Table.Td>{row.templates_count}</Table.Td>
        <Table.Td>{row.documents_count}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            {canEdit && (
              <Tooltip label={k("actions.edit")}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${k("actions.edit")}: ${row.name}`}
                  disabled={busy !== null}
                  onClick={() => setForm({ mode: "edit", row })}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={k("actions.templates")}>
              <ActionIcon
                variant="subtle"
                aria-label={`${k("actions.templates")}: ${row.name}`}
                onClick={() => setTemplatesOf(row)}
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
            {canEdit && (
              <Tooltip label={k("actions.delete")}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${k("actions.delete")}: ${row.name}`}
                  loading={busy === row.id}
                  disabled={busy !== null}
                  onClick={() => setConfirming(row)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <Stack gap="md">
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="definitions-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={k(`list-title.${tab}`)}
        icon={<IconFileDescription size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
        actions={
          <>
            <Select
              aria-label={k("group-filter")}
              data={GROUP_FILTERS.map((value) => ({ value, label: k(`group-filters.${value}`) }))}
              value={group}
              onChange={(value) => {
                setGroup(groupFilterOf(value));
                list.setPage(1);
              }}
              allowDeselect={false}
              w={150}
              data-testid="definitions-group"
            />
            {canEdit && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: "add", tab })}>
                {k("add")}
              </Button>
            )}
          </>
        }
      />
      <DefinitionFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={(row, added) => {
          setForm(null);
          setNotice(k(added ? "added" : "saved", { name: row.name }));
          list.refresh();
        }}
      />
      <TemplatesModal
        definition={templatesOf}
        canEdit={canEdit}
        onClose={() => setTemplatesOf(null)}
        onChanged={list.refresh}
      />
      <ConfirmDialog
        subject={confirming}
        title={k("confirm-delete.title")}
        text={(row) =>
          k(`confirm-delete.${deleteTextKey(row.documents_count)}`, { name: row.name, count: row.documents_count })
        }
        cancelLabel={k("confirm-delete.cancel")}
        confirmLabel={k("confirm-delete.confirm")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void remove(row)}
      />
    </Stack>
  );
}
