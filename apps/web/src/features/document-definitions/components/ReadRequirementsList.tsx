import { GROUP_FILTERS, type GroupFilter, PAGE_SIZE, type ReadRequirementRow } from "@coordina/domain";
import { Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { IconBook, IconEye, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../app/queryKeys";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { MoreActions } from "../../../ui/MoreActions";
import { IconAction, type IconActionProps, RowActionHost, TRASH, useRowActions } from "../../../ui/RowActions";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchReadRequirements } from "../api/fetchReadRequirements";
import { useSetReadRequirement } from "../api/setReadRequirement";
import { groupFilterOf, groupLabelKey, requirementLabel } from "../definitionForm";
import { AddReadRequirementModal } from "./AddReadRequirementModal";
import { ReadRequirementModal } from "./ReadRequirementModal";

/**
 * The read requirements (document-read-requirements): the colegio's definitions whose documents their
 * destination must read, searched by name and filtered by group, 10 a page, each with who uploads it, who
 * reads it and how many current documents it has (an administrator: those that count in its communities).
 * 'Ver' opens its documents with "Leído por N de M" and their readers; the colegio also adds and deletes.
 */
export function ReadRequirementsList() {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  const { t: tAll } = useTranslation();
  const [group, setGroup] = useState<GroupFilter>("ALL");
  const [allowed, setAllowed] = useState(false);
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<ReadRequirementRow | null>(null);
  const change = useSetReadRequirement();

  const list = usePagedList<ReadRequirementRow>(
    queryKeys.readRequirements,
    { group },
    async (paging) => {
      const answer = await fetchReadRequirements({
        group,
        filter: paging.filter,
        currentPage: paging.page,
        perPage: paging.limit,
      });
      setAllowed(answer.docsAllowedToEdit);
      return answer;
    },
    t("empty"),
    { limit: PAGE_SIZE.definitions },
  );
  const canEdit = allowed && !list.failed;
  const actions = useRowActions((row: ReadRequirementRow) => row.id, {
    remove: {
      label: (row) => `${t("delete")}: ${row.name}`,
      hint: t("delete"),
      ...TRASH,
      run: (row) => change.mutateAsync({ id: row.id, required: false }),
      done: (row) => t("deleted", { name: row.name }),
      ask: {
        title: t("confirm-delete.title"),
        text: (row) => t("confirm-delete.text", { name: row.name }),
        cancelLabel: t("confirm-delete.cancel"),
        confirmLabel: t("confirm-delete.confirm"),
      },
    },
  });

  const viewAction = (row: ReadRequirementRow): IconActionProps => ({
    label: `${t("view")}: ${row.name}`,
    hint: t("view"),
    icon: <IconEye size={18} />,
    onClick: () => setOpened(row),
  });
  const columns = [
    t("columns.name"),
    t("columns.origin"),
    t("columns.dest"),
    t("columns.group"),
    t("columns.documents"),
    t("columns.actions"),
  ];

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} data-testid={`read-requirement-row-${row.id}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
      </Table.Td>
      <Table.Td>{requirementLabel(row.requirement_origin)}</Table.Td>
      <Table.Td>{requirementLabel(row.requirement_dest)}</Table.Td>
      <Table.Td>{tAll(groupLabelKey(row.group))}</Table.Td>
      <Table.Td>{row.documents_count}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <IconAction {...viewAction(row)} />
          {canEdit && <IconAction {...actions.button("remove", row)} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard
      key={row.id}
      data-read-requirement-id={row.id}
      actions={
        <Group gap={4} wrap="nowrap">
          <IconAction {...viewAction(row)} />
          {canEdit && (
            <MoreActions name={row.name} items={[{ ...actions.button("remove", row), label: t("delete") }]} />
          )}
        </Group>
      }
    >
      <ItemTitle>{row.name}</ItemTitle>
      <ItemMeta
        parts={[
          `${t("columns.origin")}: ${requirementLabel(row.requirement_origin)}`,
          `${t("columns.dest")}: ${requirementLabel(row.requirement_dest)}`,
        ]}
      />
      <ItemMeta
        parts={[
          `${t("columns.group")}: ${tAll(groupLabelKey(row.group))}`,
          `${t("columns.documents")}: ${row.documents_count}`,
        ]}
      />
    </ItemCard>
  ));

  return (
    <Stack gap="md">
      <RowActionHost actions={actions} testId="read-requirements-notice" />
      <ListCard
        title={t("title")}
        icon={<IconBook size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="read-requirements-cards"
        {...list.listProps}
        actions={
          <>
            <Select
              aria-label={t("group-filter")}
              data={GROUP_FILTERS.map((value) => ({
                value,
                label: tAll(`document-definitions.group-filters.${value}`),
              }))}
              value={group}
              onChange={(value) => {
                setGroup(groupFilterOf(value));
                list.setPage(1);
              }}
              allowDeselect={false}
              w={150}
              data-testid="read-requirements-group"
            />
            {canEdit && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t("add")}
              </Button>
            )}
          </>
        }
      />
      <AddReadRequirementModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(name) => {
          setAdding(false);
          actions.setNotice(t("added", { name }));
        }}
      />
      <ReadRequirementModal requirement={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
