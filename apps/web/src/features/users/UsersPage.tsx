import { PAGE_SIZE, ROLES_INVITING_COLLEAGUES, type USER_SORTABLE, type UserRow } from "@coordina/domain";
import { Badge, Button, Table } from "@mantine/core";
import { IconUserPlus, IconUsers } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api";
import { dayjs } from "../../app/dates";
import { addTexts, translateError } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { ListCard, type ListColumn, nextSort, type SortState } from "../../ui/ListCard";
import { PageFrame } from "../../ui/PageFrame";
import { InvitationModal } from "../invitations/InvitationModal";
import { fetchUsers } from "./api/fetchUsers";
import texts from "./es.json";

addTexts(texts);

type UserSort = (typeof USER_SORTABLE)[number];
const LIMIT = PAGE_SIZE.defaultRows;

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
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<SortState<UserSort> | null>(null);
  const [inviting, setInviting] = useState(false);

  const users = useQuery({
    queryKey: ["users", { page, filter, sort }],
    queryFn: () => fetchUsers({ page, limit: LIMIT, filter, sortBy: sort?.by, sortDesc: sort?.dir }),
    placeholderData: keepPreviousData,
  });

  const onSearch = useCallback((value: string) => {
    setFilter(value.trim());
    setPage(1);
  }, []);

  const columns: ListColumn<UserSort>[] = [
    { label: t("users-page.columns.email"), sortKey: "email" },
    { label: t("users-page.columns.status") },
    { label: t("users-page.columns.manager") },
    { label: t("users-page.columns.created"), sortKey: "created" },
  ];

  // Spec 01 §8: a list that cannot be read is shown empty (here with the reason).
  const rows = users.isError
    ? []
    : (users.data?.data ?? []).map((user) => (
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
          <Table.Td>{dayjs(user.created).format("DD/MM/YYYY")}</Table.Td>
        </Table.Tr>
      ));
  const count = users.isError ? 0 : (users.data?.count ?? users.data?.pagination.count ?? 0);
  const empty = users.isError
    ? translateError(users.error instanceof ApiError && !users.error.unexpected ? users.error.key : undefined)
    : users.isPending
      ? t("app.loading")
      : t("users-page.empty");

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
          setPage(1);
        }}
        rows={rows}
        empty={empty}
        onSearch={onSearch}
        page={page}
        totalPages={Math.max(1, Math.ceil(count / LIMIT))}
        onPage={setPage}
        count={users.data ? count : undefined}
        actions={
          canInvite && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              {t("users-page.add")}
            </Button>
          )
        }
      />
      <InvitationModal
        opened={inviting}
        mode="colleague"
        onClose={() => setInviting(false)}
        onSent={() => void queryClient.invalidateQueries({ queryKey: ["users"] })}
      />
    </PageFrame>
  );
}
