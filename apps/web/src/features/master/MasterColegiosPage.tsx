import { type MasterColegioRow, regionName } from "@coordina/domain";
import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconBan, IconCircleCheck, IconFlag, IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ListCard, type ListColumn } from "../../ui/ListCard";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { PageFrame } from "../../ui/PageFrame";
import { usePagedList } from "../../ui/usePagedList";
import { activateColegio } from "./api/activateColegio";
import { deactivateColegio } from "./api/deactivateColegio";
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
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<MasterColegioRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const colegios = usePagedList<MasterColegioRow, MasterColegioSort>(
    "master-colegios",
    {},
    fetchMasterColegios,
    t("master-page.colegios.empty"),
    { sort: null },
  );

  async function setActive(row: MasterColegioRow, active: boolean) {
    setBusy(row.id);
    setNotice(null);
    try {
      if (active) await activateColegio(row.id);
      else await deactivateColegio(row.id);
      setNotice(
        t(active ? "master-page.colegios.activated-notice" : "master-page.colegios.deactivated-notice", {
          name: row.c_name,
        }),
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      colegios.refresh();
    }
  }

  const columns: ListColumn<MasterColegioSort>[] = [
    { label: t("master-page.colegios.columns.id") },
    { label: t("master-page.colegios.columns.cif"), sortKey: "cif" },
    { label: t("master-page.colegios.columns.name"), sortKey: "name" },
    { label: t("master-page.colegios.columns.email"), sortKey: "email" },
    { label: t("master-page.colegios.columns.flag"), sortKey: "region" },
    { label: t("master-page.colegios.columns.actions") },
  ];

  const rows = colegios.rows.map((row) => {
    const region = regionName(row.flag);
    return (
      <Table.Tr key={row.id} data-erased={row.erased || undefined}>
        <Table.Td>{row.id}</Table.Td>
        <Table.Td>{row.c_cif}</Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c={row.erased ? "dimmed" : undefined}>
              {row.c_name}
            </Text>
            {row.erased && (
              <Badge color="gray" variant="light" size="sm">
                {t("master-page.colegios.deactivated")}
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td>{row.u_email ?? "—"}</Table.Td>
        <Table.Td>
          {region ? (
            <RegionFlag code={row.flag} size={30} />
          ) : (
            <Text span c="dimmed" title={t("master-page.colegios.no-flag")}>
              —
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t("master-page.colegios.edit-unavailable")}>
              <span>
                <ActionIcon variant="subtle" aria-label={t("master-page.colegios.edit")} disabled>
                  <IconPencil size={18} />
                </ActionIcon>
              </span>
            </Tooltip>
            {row.erased ? (
              <Tooltip label={t("master-page.colegios.deactivated-hint")}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("master-page.colegios.activate")}
                  loading={busy === row.id}
                  disabled={busy !== null}
                  onClick={() => void setActive(row, true)}
                >
                  <IconBan size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label={t("master-page.colegios.active-hint")}>
                <ActionIcon
                  variant="subtle"
                  color="green"
                  aria-label={t("master-page.colegios.deactivate")}
                  loading={busy === row.id}
                  disabled={busy !== null}
                  onClick={() => {
                    setConfirming(row);
                  }}
                >
                  <IconCircleCheck size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  });

  return (
    <PageFrame title={t("master-page.colegios.title")}>
      {notice && (
        <NoticeAlert onClose={() => setNotice(null)} testId="master-colegios-notice">
          {notice}
        </NoticeAlert>
      )}
      <ListCard
        title={t("master-page.colegios.title")}
        icon={<IconFlag size={20} />}
        columns={columns}
        rows={rows}
        {...colegios.listProps}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)}>
            {t("master-page.add.button")}
          </Button>
        }
      />
      <MasterInviteModal opened={inviting} onClose={() => setInviting(false)} onSent={colegios.refresh} />
      <ConfirmDialog
        subject={confirming}
        title={t("master-page.colegios.confirm-title")}
        text={(row) => t("master-page.colegios.confirm-text", { name: row.c_name })}
        cancelLabel={t("master-page.colegios.confirm-back")}
        confirmLabel={t("master-page.colegios.deactivate")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void setActive(row, false)}
      />
    </PageFrame>
  );
}
