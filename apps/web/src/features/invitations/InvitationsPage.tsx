import { type InvitationRow, InvitationStatus, type InvitationStatusValue, InviteAction } from "@coordina/domain";
import { ActionIcon, Badge, Button, Group, Table, Tooltip } from "@mantine/core";
import { IconMailForward, IconPlus, IconSend, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ListCard } from "../../ui/ListCard";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { PageFrame } from "../../ui/PageFrame";
import { usePagedList } from "../../ui/usePagedList";
import { cancelInvitation } from "./api/cancelInvitation";
import { fetchInvitations } from "./api/fetchInvitations";
import { resendInvitation } from "./api/resendInvitation";
import texts from "./es.json";
import { InvitationModal } from "./InvitationModal";

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
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<InvitationRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const invitations = usePagedList(
    "invitations",
    {},
    (paging) => fetchInvitations({ ...paging, sortBy: "created", sortDesc: "DESC" }),
    t("invitations-page.empty"),
  );

  async function act(row: InvitationRow, action: "resend" | "cancel") {
    setBusy(row.id);
    setNotice(null);
    try {
      if (action === "resend") await resendInvitation(row.id);
      else await cancelInvitation(row.id);
      setNotice(
        action === "resend"
          ? t("invitations-page.resent", { email: row.email })
          : t("invitations-page.cancelled", { email: row.email }),
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      invitations.refresh();
    }
  }

  const typeLabel = (row: InvitationRow) =>
    row.action === InviteAction.createCompanyUser
      ? t("invitations-page.type-colleague")
      : t(`roles.${row.company_type}`, { defaultValue: String(row.company_type) });

  const rows = invitations.rows.map((row) => (
    <Table.Tr key={row.id}>
      <Table.Td>{row.email}</Table.Td>
      <Table.Td>{row.company_name || "—"}</Table.Td>
      <Table.Td>{typeLabel(row)}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[row.status] ?? "gray"} variant="light">
          {t(`invitations-page.status.${row.status}`, { defaultValue: row.status })}
        </Badge>
      </Table.Td>
      <Table.Td>{formatDate(row.created)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {isOpen(row) && (
            <Tooltip label={t("invitations-page.resend")}>
              <ActionIcon
                variant="subtle"
                aria-label={t("invitations-page.resend")}
                loading={busy === row.id}
                disabled={busy !== null}
                onClick={() => void act(row, "resend")}
              >
                <IconMailForward size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {isOpen(row) && (
            <Tooltip label={t("invitations-page.cancel")}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("invitations-page.cancel")}
                disabled={busy !== null}
                onClick={() => {
                  setConfirming(row);
                }}
              >
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <PageFrame title={t("invitations-page.title")}>
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="invitations-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={t("invitations-page.title")}
        icon={<IconSend size={20} />}
        columns={[
          t("invitations-page.columns.email"),
          t("invitations-page.columns.company"),
          t("invitations-page.columns.type"),
          t("invitations-page.columns.status"),
          t("invitations-page.columns.sent"),
          t("invitations-page.columns.actions"),
        ]}
        rows={rows}
        {...invitations.listProps}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t("invitations-page.add")}
          </Button>
        }
      />
      <InvitationModal opened={adding} mode="company" onClose={() => setAdding(false)} onSent={invitations.refresh} />
      <ConfirmDialog
        subject={confirming}
        title={t("invitations-page.confirm-cancel-title")}
        text={(row) => t("invitations-page.confirm-cancel-text", { email: row.email })}
        cancelLabel={t("invitations-page.confirm-cancel-back")}
        confirmLabel={t("invitations-page.cancel")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void act(row, "cancel")}
      />
    </PageFrame>
  );
}
