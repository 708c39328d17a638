import { type InvitationRow, InvitationStatus, type InvitationStatusValue, InviteAction } from "@coordina/domain";
import { Badge, Button, Group, Table } from "@mantine/core";
import { IconMailForward, IconPlus, IconSend, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { InvitationModal } from "../../shared/invitations/InvitationModal";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListPage } from "../../ui/ListPage";
import { MoreActions } from "../../ui/MoreActions";
import { IconAction, RowActionHost, useRowActions } from "../../ui/RowActions";
import { usePagedList } from "../../ui/usePagedList";
import { useCancelInvitation } from "./api/cancelInvitation";
import { fetchInvitations } from "./api/fetchInvitations";
import { useResendInvitation } from "./api/resendInvitation";
import texts from "./es.json";

addTexts(texts);

const STATUS_COLOR: Record<InvitationStatusValue, string> = {
  pending: "yellow",
  accepted: "green",
  cancelled: "gray",
  expired: "red",
};

/** Open invitations, or ones whose link has expired, can be resent (a new link) or cancelled. */
const isOpen = (row: InvitationRow) =>
  row.status === InvitationStatus.pending || row.status === InvitationStatus.expired;

/** Invitations sent by the caller's company (spec 01 §2 /invitations), with resend and cancel. */
export default function InvitationsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "invitations-page" });
  const { t: tAll } = useTranslation();
  const [adding, setAdding] = useState(false);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();

  const invitations = usePagedList(
    queryKeys.invitations,
    {},
    (paging) => fetchInvitations({ ...paging, sortBy: "created", sortDesc: "DESC" }),
    t("empty"),
  );
  const actions = useRowActions((row: InvitationRow) => row.id, {
    resend: {
      label: (row) => `${t("resend")}: ${row.email}`,
      hint: t("resend"),
      icon: <IconMailForward size={18} />,
      run: (row) => resend.mutateAsync(row.id),
      done: (row) => t("resent", { email: row.email }),
    },
    cancel: {
      label: (row) => `${t("cancel")}: ${row.email}`,
      hint: t("cancel"),
      icon: <IconX size={18} />,
      color: "red",
      run: (row) => cancel.mutateAsync(row.id),
      done: (row) => t("cancelled", { email: row.email }),
      ask: {
        title: t("confirm-cancel-title"),
        text: (row) => t("confirm-cancel-text", { email: row.email }),
        cancelLabel: t("confirm-cancel-back"),
        confirmLabel: t("cancel"),
      },
    },
  });

  const typeLabel = (row: InvitationRow) =>
    row.action === InviteAction.createCompanyUser
      ? t("type-colleague")
      : tAll(`roles.${row.company_type}`, { defaultValue: String(row.company_type) });

  const statusBadge = (row: InvitationRow) => (
    <Badge color={STATUS_COLOR[row.status] ?? "gray"} variant="light">
      {t(`status.${row.status}`, { defaultValue: row.status })}
    </Badge>
  );

  const rows = invitations.rows.map((row) => (
    <Table.Tr key={row.id}>
      <Table.Td>{row.email}</Table.Td>
      <Table.Td>{row.company_name || "—"}</Table.Td>
      <Table.Td>{typeLabel(row)}</Table.Td>
      <Table.Td>{statusBadge(row)}</Table.Td>
      <Table.Td>{formatDate(row.created)}</Table.Td>
      <Table.Td>
        {isOpen(row) && (
          <Group gap={4} wrap="nowrap">
            <IconAction {...actions.button("resend", row)} />
            <IconAction {...actions.button("cancel", row)} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  ));
  // On a phone each invitation is a card: the e-mail, its status, company, type and date; an open one is
  // resent with its button and cancelled from its menu.
  const cards = invitations.rows.map((row) => (
    <ItemCard
      key={row.id}
      data-invitation-id={row.id}
      actions={
        isOpen(row) && (
          <Group gap={4} wrap="nowrap">
            <IconAction {...actions.button("resend", row)} />
            <MoreActions name={row.email} items={[{ ...actions.button("cancel", row), label: t("cancel") }]} />
          </Group>
        )
      }
    >
      <ItemTitle>{row.email}</ItemTitle>
      <Group gap={6}>{statusBadge(row)}</Group>
      <ItemMeta parts={[row.company_name || "—", typeLabel(row), `${t("columns.sent")}: ${formatDate(row.created)}`]} />
    </ItemCard>
  ));

  return (
    <ListPage
      title={t("title")}
      notice={<RowActionHost actions={actions} testId="invitations-notice" />}
      icon={<IconSend size={20} />}
      columns={["email", "company", "type", "status", "sent", "actions"].map((column) => t(`columns.${column}`))}
      rows={rows}
      cards={cards}
      cardsTestId="invitations-cards"
      {...invitations.listProps}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {t("add")}
        </Button>
      }
    >
      <InvitationModal opened={adding} mode="company" onClose={() => setAdding(false)} />
    </ListPage>
  );
}
