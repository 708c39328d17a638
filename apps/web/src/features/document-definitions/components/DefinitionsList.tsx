import { type DefinitionRow, GROUP_FILTERS, type GroupFilter, PAGE_SIZE } from "@coordina/domain";
import { Badge, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { IconFileDescription, IconPaperclip, IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../app/queryKeys";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { MoreActions } from "../../../ui/MoreActions";
import { IconAction, type IconActionProps, RowActionHost, TRASH, useRowActions } from "../../../ui/RowActions";
import { usePagedList } from "../../../ui/usePagedList";
import { useDeleteDefinition } from "../api/deleteDefinition";
import { fetchDefinitions } from "../api/fetchDefinitions";
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
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions" });
  const { t: tAll } = useTranslation();
  const development = useDevelopmentMode();
  const [group, setGroup] = useState<GroupFilter>("ALL");
  const [form, setForm] = useState<DefinitionFormTarget | null>(null);
  const [templatesOf, setTemplatesOf] = useState<DefinitionRow | null>(null);
  const remove = useDeleteDefinition();

  const list = usePagedList<DefinitionRow>(
    queryKeys.definitions,
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
    t("empty"),
    { limit: PAGE_SIZE.definitions },
  );
  // Until the first answer nobody may edit; afterwards the latest answer says; a list that failed offers nothing.
  const canEdit = allowed && !list.failed;
  const actions = useRowActions((row: DefinitionRow) => row.id, {
    remove: {
      label: (row) => `${t("actions.delete")}: ${row.name}`,
      hint: t("actions.delete"),
      ...TRASH,
      run: (row) => remove.mutateAsync(row.id),
      done: (row) => t("deleted", { name: row.name }),
      ask: {
        title: t("confirm-delete.title"),
        text: (row) =>
          t(`confirm-delete.${deleteTextKey(row.documents_count)}`, { name: row.name, count: row.documents_count }),
        cancelLabel: t("confirm-delete.cancel"),
        confirmLabel: t("confirm-delete.confirm"),
      },
    },
  });

  const columns = [
    ...(development ? [t("columns.id")] : []),
    t("columns.name"),
    t("columns.dest"),
    t("columns.flags"),
    t("columns.group"),
    t("columns.templates"),
    t("columns.documents"),
    t("columns.actions"),
  ];

  // The pieces of a definition's row, in the table and on its card alike; every button named after the row.
  const originLine = (row: DefinitionRow) =>
    // a definition shared with other parties shows in several tabs: say who uploads it
    row.requirement_origin !== ORIGIN_OF_TAB[tab] && (
      <Text size="xs" c="dimmed">
        {t("origin-line", { origin: requirementLabel(row.requirement_origin) })}
      </Text>
    );
  const flagBadges = (row: DefinitionRow) => (
    <Group gap={4}>
      {flagsOf(row).map((flag) => (
        <Badge key={flag} size="xs" variant="light" color={flag === "mandatory" ? "red" : "blue"}>
          {t(`flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
  const editAction = (row: DefinitionRow): IconActionProps => ({
    label: `${t("actions.edit")}: ${row.name}`,
    hint: t("actions.edit"),
    icon: <IconPencil size={18} />,
    disabled: actions.busy,
    onClick: () => setForm({ mode: "edit", row }),
  });
  const templatesAction = (row: DefinitionRow): IconActionProps => ({
    label: `${t("actions.templates")}: ${row.name}`,
    hint: t("actions.templates"),
    icon: <IconPaperclip size={18} />,
    onClick: () => setTemplatesOf(row),
  });

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} data-testid={`definition-row-${row.id}`}>
      {development && <Table.Td>{row.id}</Table.Td>}
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {originLine(row)}
        </Stack>
      </Table.Td>
      <Table.Td>{requirementLabel(row.requirement_dest)}</Table.Td>
      <Table.Td>{flagBadges(row)}</Table.Td>
      <Table.Td>{tAll(groupLabelKey(row.group))}</Table.Td>
      <Table.Td>{row.templates_count}</Table.Td>
      <Table.Td>{row.documents_count}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {canEdit && <IconAction {...editAction(row)} />}
          <IconAction {...templatesAction(row)} />
          {canEdit && <IconAction {...actions.button("remove", row)} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));
  // On a phone each definition is a card: its name (and who uploads it), recipient, group and counts, its
  // flags, the templates (everyone's), and edit and delete in its menu for those who may.
  const cards = list.rows.map((row) => (
    <ItemCard
      key={row.id}
      data-definition-id={row.id}
      actions={
        <Group gap={4} wrap="nowrap">
          <IconAction {...templatesAction(row)} />
          {canEdit && (
            <MoreActions
              name={row.name}
              items={[
                { ...editAction(row), label: t("actions.edit") },
                { ...actions.button("remove", row), label: t("actions.delete") },
              ]}
            />
          )}
        </Group>
      }
    >
      <ItemTitle>{row.name}</ItemTitle>
      {originLine(row)}
      <ItemMeta
        parts={[
          ...(development ? [`${t("columns.id")}: ${row.id}`] : []),
          `${t("columns.dest")}: ${requirementLabel(row.requirement_dest)}`,
          `${t("columns.group")}: ${tAll(groupLabelKey(row.group))}`,
        ]}
      />
      <ItemMeta
        parts={[
          `${t("columns.templates")}: ${row.templates_count}`,
          `${t("columns.documents")}: ${row.documents_count}`,
        ]}
      />
      {flagsOf(row).length > 0 && flagBadges(row)}
    </ItemCard>
  ));

  return (
    <Stack gap="md">
      <RowActionHost actions={actions} testId="definitions-notice" />
      <ListCard
        title={t(`list-title.${tab}`)}
        icon={<IconFileDescription size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="definitions-cards"
        {...list.listProps}
        actions={
          <>
            <Select
              aria-label={t("group-filter")}
              data={GROUP_FILTERS.map((value) => ({ value, label: t(`group-filters.${value}`) }))}
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
                {t("add")}
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
          actions.setNotice(t(added ? "added" : "saved", { name: row.name }));
        }}
      />
      <TemplatesModal definition={templatesOf} canEdit={canEdit} onClose={() => setTemplatesOf(null)} />
    </Stack>
  );
}
