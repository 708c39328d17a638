import { type MasterColegioRow, regionName } from "@coordina/domain";
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconBan, IconCircleCheck, IconFlag, IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { useSetCompanyActive } from "../../shared/companies/api/setCompanyActive";
import { ItemCard, ItemMeta } from "../../ui/ItemCard";
import type { ListColumn } from "../../ui/ListCard";
import { ListPage } from "../../ui/ListPage";
import { IconAction, RowActionHost, useRowActions } from "../../ui/RowActions";
import { usePagedList } from "../../ui/usePagedList";
import { fetchMasterColegios, type MasterColegioSort } from "./api/fetchMasterColegios";
import texts from "./es.json";
import { MasterInviteModal } from "./MasterInviteModal";
import { RegionFlag } from "./RegionFlag";

addTexts(texts);

/**
 * The master's colegios (spec 01 §2 /master/colegios, the master's start page): ID, CIF/NIF, name, main
 * manager, the region's flag and the actions (edit, not offered yet; activate or deactivate), with the
 * colegio invitation.
 */
export default function MasterColegiosPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "master-page.colegios" });
  const { t: tAll } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const setActive = useSetCompanyActive();

  const colegios = usePagedList<MasterColegioRow, MasterColegioSort>(
    queryKeys.masterColegios,
    {},
    fetchMasterColegios,
    t("empty"),
    { sort: null },
  );
  const actions = useRowActions((row: MasterColegioRow) => row.id, {
    activate: {
      label: (row) => `${t("activate")}: ${row.c_name}`,
      hint: t("deactivated-hint"),
      icon: <IconBan size={18} />,
      color: "red",
      run: (row) => setActive.mutateAsync({ id: row.id, active: true }),
      done: (row) => t("activated-notice", { name: row.c_name }),
    },
    deactivate: {
      label: (row) => `${t("deactivate")}: ${row.c_name}`,
      hint: t("active-hint"),
      icon: <IconCircleCheck size={18} />,
      color: "green",
      run: (row) => setActive.mutateAsync({ id: row.id, active: false }),
      done: (row) => t("deactivated-notice", { name: row.c_name }),
      ask: {
        title: t("confirm-title"),
        text: (row) => t("confirm-text", { name: row.c_name }),
        cancelLabel: t("confirm-back"),
        confirmLabel: t("deactivate"),
      },
    },
  });

  const columns: ListColumn<MasterColegioSort>[] = [
    { label: t("columns.id") },
    { label: t("columns.cif"), sortKey: "cif" },
    { label: t("columns.name"), sortKey: "name" },
    { label: t("columns.email"), sortKey: "email" },
    { label: t("columns.flag"), sortKey: "region" },
    { label: t("columns.actions") },
  ];

  // The pieces of a colegio's row, in the table and on its card alike.
  const nameLine = (row: MasterColegioRow, fw?: number) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={fw} c={row.erased ? "dimmed" : undefined} style={{ wordBreak: "break-word" }}>
        {row.c_name}
      </Text>
      {row.erased && (
        <Badge color="gray" variant="light" size="sm">
          {t("deactivated")}
        </Badge>
      )}
    </Group>
  );
  const flag = (row: MasterColegioRow, size: number) =>
    regionName(row.flag) ? (
      <RegionFlag code={row.flag} size={size} />
    ) : (
      <Text span c="dimmed" title={t("no-flag")}>
        —
      </Text>
    );
  const toggle = (row: MasterColegioRow) => actions.button(row.erased ? "activate" : "deactivate", row);

  // The switch, the same in the table and on a card: its look says what the colegio is (a green check while
  // active, a red ban while deactivated), its name what it does with the colegio's name ('Desactivar: …').

  const rows = colegios.rows.map((row) => (
    <Table.Tr key={row.id} data-erased={row.erased || undefined}>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>{row.c_cif}</Table.Td>
      <Table.Td>{nameLine(row)}</Table.Td>
      <Table.Td>{row.u_email ?? "—"}</Table.Td>
      <Table.Td>{flag(row, 30)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t("edit-unavailable")}>
            <span>
              <ActionIcon variant="subtle" aria-label={t("edit")} disabled>
                <IconPencil size={18} />
              </ActionIcon>
            </span>
          </Tooltip>
          <IconAction {...toggle(row)} />
        </Group>
      </Table.Td>
    </Table.Tr>
  ));
  // On a phone each colegio is a card: its flag and name, CIF and main manager, and its activation switch
  // (editing, not offered yet, is left out).
  const cards = colegios.rows.map((row) => (
    <ItemCard key={row.id} data-erased={row.erased || undefined} actions={<IconAction {...toggle(row)} />}>
      <Group gap="xs" wrap="nowrap">
        {flag(row, 20)}
        {nameLine(row, 600)}
      </Group>
      <ItemMeta parts={[row.c_cif, row.u_email ?? "—"]} />
    </ItemCard>
  ));

  return (
    <ListPage
      title={t("title")}
      notice={<RowActionHost actions={actions} testId="master-colegios-notice" />}
      icon={<IconFlag size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="master-colegios-cards"
      {...colegios.listProps}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)}>
          {tAll("master-page.add.button")}
        </Button>
      }
    >
      <MasterInviteModal opened={inviting} onClose={() => setInviting(false)} />
    </ListPage>
  );
}
