import { ROLES_INVITING_COLLEAGUES, type USER_SORTABLE, type UserRow } from "@coordina/domain";
import { Badge, Button, Table } from "@mantine/core";
import { IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { ListCard, type ListColumn, nextSort, type SortState } from "../../ui/ListCard";
import { PageFrame } from "../../ui/PageFrame";
import { usePagedList } from "../../ui/usePagedList";
import { InvitationModal } from "../invitations/InvitationModal";
import { fetchUsers } from "./api/fetchUsers";
import texts from "./es.json";

addTexts(texts);

type UserSort = (typeof USER_SORTABLE)[number];

function StatusBadge({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  if (user.erased)
    return (
      <Badge color="gray" variant="light">
        {t("users-page.status.disabled")}
      </Badge>
    );
  if (!user.active)
    return (
      <Badge color="yellow" variant="light">
        {t("users-page.status.pending")}
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      {t("users-page.status.active")}
    </Badge>
  );
}

/** Users of the caller's company (spec 01 §2 /users), with the colleague invitation. */
export default function UsersPage() {
  const { t } = useTranslation();
  const current = useSession();
  const [sort, setSort] = useState<SortState<UserSort> | null>(null);
  const [inviting, setInviting] = useState(false);
  const users = usePagedList(
    "users",
    { sort },
    (paging) => fetchUsers({ ...paging, sortBy: sort?.by, sortDesc: sort?.dir }),
    t("users-page.empty"),
  );

  const columns: ListColumn<UserSort>[] = [
    { label: t("users-page.columns.email"), sortKey: "email" },
    { label: t("users-page.columns.status") },
    { label: t("users-page.columns.manager") },
    { label: t("users-page.columns.created"), sortKey: "created" },
  ];

  const rows = users.rows.map((user) => (
    <Table.Tr key={user.id}>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        <StatusBadge user={user} />
      </Table.Td>
      <Table.Td>
        {user.manager && (
          <Badge color="blue" variant="filled" size="sm">
            {t("users-page.manager-badge")}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{formatDate(user.created)}</Table.Td>
    </Table.Tr>
  ));

  const canInvite = ROLES_INVITING_COLLEAGUES.includes(roleOf(current));

  return (
    <PageFrame title={t("users-page.title")}>
      <ListCard
        title={t("users-page.title")}
        icon={<IconUsers size={20} />}
        columns={columns}
        sort={sort}
        onSort={(key) => {
          setSort((s) => nextSort(s, key));
          users.setPage(1);
        }}
        rows={rows}
        {...users.listProps}
        actions={
          canInvite && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              {t("users-page.add")}
            </Button>
          )
        }
      />
      <InvitationModal opened={inviting} mode="colleague" onClose={() => setInviting(false)} onSent={users.refresh} />
    </PageFrame>
  );
}
