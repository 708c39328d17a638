import type { USER_SORTABLE, UserRow } from "@coordina/domain";
import { Badge, Group, Table } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListCard, type ListColumn } from "../../ui/ListCard";
import { usePagedList } from "../../ui/usePagedList";
import { fetchUsers } from "./api/fetchUsers";
import texts from "./es.json";

addTexts(texts);

type UserSort = (typeof USER_SORTABLE)[number];

function ManagerBadge() {
  const { t } = useTranslation(undefined, { keyPrefix: "users-page" });
  return (
    <Badge color="blue" variant="filled" size="sm">
      {t("manager-badge")}
    </Badge>
  );
}

function StatusBadge({ user }: { user: UserRow }) {
  const { t } = useTranslation(undefined, { keyPrefix: "users-page.status" });
  const [color, key] = user.erased ? ["gray", "disabled"] : !user.active ? ["yellow", "pending"] : ["green", "active"];
  return (
    <Badge color={color} variant="light">
      {t(key)}
    </Badge>
  );
}

/**
 * The users of a company, paged and sorted on the server: the caller's own (no `companyId`), or a member
 * company of the colegio (the server checks that the caller may see it).
 */
export function UsersCard({ companyId, actions }: { companyId?: number; actions?: ReactNode }) {
  const { t } = useTranslation(undefined, { keyPrefix: "users-page" });
  const users = usePagedList<UserRow, UserSort>(
    queryKeys.users,
    { companyId },
    (paging) => fetchUsers({ ...paging, company_id: companyId }),
    t("empty"),
    { sort: null },
  );

  const columns: ListColumn<UserSort>[] = [
    { label: t("columns.email"), sortKey: "email" },
    { label: t("columns.status") },
    { label: t("columns.manager") },
    { label: t("columns.created"), sortKey: "created" },
  ];

  const rows = users.rows.map((user) => (
    <Table.Tr key={user.id}>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        <StatusBadge user={user} />
      </Table.Td>
      <Table.Td>{user.manager && <ManagerBadge />}</Table.Td>
      <Table.Td>{formatDate(user.created)}</Table.Td>
    </Table.Tr>
  ));
  // On a phone each user is a card: the e-mail, its status (and whether it is the manager), the date it joined.
  // A user has no action of its own here.
  const cards = users.rows.map((user) => (
    <ItemCard key={user.id} actions={null}>
      <ItemTitle>{user.email}</ItemTitle>
      <Group gap={6}>
        <StatusBadge user={user} />
        {user.manager && <ManagerBadge />}
      </Group>
      <ItemMeta parts={[`${t("columns.created")}: ${formatDate(user.created)}`]} />
    </ItemCard>
  ));

  return (
    <ListCard
      title={t("title")}
      icon={<IconUsers size={20} />}
      columns={columns}
      rows={rows}
      cards={cards}
      cardsTestId="users-cards"
      {...users.listProps}
      actions={actions}
    />
  );
}
