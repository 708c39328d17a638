import type { USER_SORTABLE, UserRow } from "@coordina/domain";
import { Badge, Table } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { ListCard, type ListColumn, nextSort, type SortState } from "../../../ui/ListCard";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchCompanyUsers } from "../api/fetchCompanyUsers";

type UserSort = (typeof USER_SORTABLE)[number];

function StatusBadge({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const [color, key] = user.erased ? ["gray", "disabled"] : !user.active ? ["yellow", "pending"] : ["green", "active"];
  return (
    <Badge color={color} variant="light">
      {t(`companies-page.users.status.${key}`)}
    </Badge>
  );
}

/** The users of a member company (administrator or provider), as the colegio sees them. */
export function CompanyUsersCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortState<UserSort> | null>(null);
  const users = usePagedList(
    "company-users",
    { companyId, sort },
    (paging) => fetchCompanyUsers({ ...paging, company_id: companyId, sortBy: sort?.by, sortDesc: sort?.dir }),
    t("companies-page.users.empty"),
  );

  const columns: ListColumn<UserSort>[] = [
    { label: t("companies-page.users.columns.email"), sortKey: "email" },
    { label: t("companies-page.users.columns.status") },
    { label: t("companies-page.users.columns.manager") },
    { label: t("companies-page.users.columns.created"), sortKey: "created" },
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
            {t("companies-page.users.manager-badge")}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{formatDate(user.created)}</Table.Td>
    </Table.Tr>
  ));

  return (
    <ListCard
      title={t("companies-page.users.title")}
      icon={<IconUsers size={20} />}
      columns={columns}
      sort={sort}
      onSort={(key) => {
        setSort((s) => nextSort(s, key));
        users.setPage(1);
      }}
      rows={rows}
      {...users.listProps}
    />
  );
}
