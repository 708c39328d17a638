import {
  type CompanyRow,
  type CompanySortKey,
  Role,
  type SummaryName,
  uploadLight,
  validationLight,
} from "@coordina/domain";
import { ActionIcon, Anchor, Button, Checkbox, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import {
  IconBan,
  IconBuildingEstate,
  IconChevronRight,
  IconCircleCheck,
  IconDownload,
  IconFileDescription,
  IconFolder,
  IconId,
  IconPencil,
  IconPlus,
  IconTruck,
  IconUsers,
} from "@tabler/icons-react";
import { type MouseEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { formatDate } from "../../../app/dates";
import { showError } from "../../../app/errorDialog";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ListCard, type ListColumn } from "../../../ui/ListCard";
import { NoticeAlert } from "../../../ui/NoticeAlert";
import { PageFrame } from "../../../ui/PageFrame";
import { TrafficLight } from "../../../ui/TrafficLight";
import { usePagedList } from "../../../ui/usePagedList";
import { InvitationModal } from "../../invitations/InvitationModal";
import { activateCompany } from "../api/activateCompany";
import { deactivateCompany } from "../api/deactivateCompany";
import { downloadSummary } from "../api/downloadSummary";
import { fetchCompanies } from "../api/fetchCompanies";
import { CompanyEditorModal } from "./CompanyEditorModal";
import { FullFormModal } from "./FullFormModal";
import { NifFormModal } from "./NifFormModal";
import { useListAddress } from "./useListAddress";

export type ListedType = typeof Role.administrador | typeof Role.gremio;

const SUMMARY: Record<ListedType, SummaryName> = {
  [Role.administrador]: "colegio_created",
  [Role.gremio]: "colegio_providers_summary",
};

/** Where a row leads: a provider's detail (its users), or an administrator's users. */
export function companyPath(type: number, id: number, section: "users" | "upload" = "users"): string {
  return type === Role.gremio ? `/admin/proveedor/${id}/${section}/${id}` : `/admin/administradores/${id}/users`;
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** The columns of a company's data and figures, left blank on a deactivated member's row. */
const PROVIDER_DATA_COLUMNS = ["activities", "manager", "to-upload", "to-read", "pending", "in-fincas"];
const ADMINISTRATOR_DATA_COLUMNS = ["owner-company", "manager", "fincas"];

interface Notice {
  color: "green" | "blue";
  lines: string[];
}

/**
 * The colegio's list of member companies of one type (spec 01 §2 'Company lists per company type'):
 * administrators (15) or providers (20), with search, sorting, paging kept in the address, lights, the
 * CSV summary, the three ways of adding a company, the editor and activation.
 */
export function CompaniesListPage({ type }: { type: ListedType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const providers = type === Role.gremio;
  const address = useListAddress();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState<"invitation" | "nif" | "full" | null>(null);
  const [confirming, setConfirming] = useState<CompanyRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);

  const development = useDevelopmentMode();
  const filterNotRead = providers && address.docsRead;
  // The box follows the click at once; the address (and with it the list) follows a moment later.
  const [onlyPending, setOnlyPending] = useState(address.docsRead);
  useEffect(() => setOnlyPending(address.docsRead), [address.docsRead]);

  const list = usePagedList<CompanyRow, CompanySortKey>(
    "company-list",
    { type, filterNotRead },
    (paging) => fetchCompanies({ ...paging, type, ...(providers ? { filterNotRead } : {}) }),
    t(`companies-page.empty.${type}`),
    // A new search or sort goes back to page 1 of the address.
    { page: address.page, onPage: address.setPage, limit: address.rows, sort: null },
  );

  // The list's address travels with a row's link, so 'Volver' comes back to the same page.
  const linkState = { back: `${location.pathname}${location.search}` };
  const open = (row: CompanyRow, section: "users" | "upload" = "users") =>
    navigate(companyPath(type, row.company_id, section), { state: linkState });

  async function setActive(row: CompanyRow, active: boolean) {
    setBusy(row.company_id);
    setNotice(null);
    try {
      if (active) await activateCompany(row.company_id);
      else await deactivateCompany(row.company_id);
      setNotice({
        color: "green",
        lines: [t(active ? "companies-page.activated" : "companies-page.deactivated", { name: row.company_name })],
      });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      list.refresh();
    }
  }

  async function summary() {
    setDownloading(true);
    try {
      await downloadSummary(SUMMARY[type]);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  }

  const added = (message: string) => {
    setAdding(null);
    setNotice({ color: "green", lines: [message] });
    list.refresh();
  };

  const col = (key: string, sortKey?: CompanySortKey): ListColumn<CompanySortKey> => ({
    label: t(`companies-page.columns.${key}`),
    sortKey,
  });
  const columns: ListColumn<CompanySortKey>[] = [
    ...(development ? [col("id")] : []),
    col("status", "status"),
    col("company", "name"),
    col("cif", "cif"),
    ...(providers
      ? [
          col("activities"),
          col("manager", "owner_user"),
          col("to-upload"),
          col("to-read"),
          col("pending-validation", "pending"),
          col("in-fincas", "fincas"),
        ]
      : [col("owner-company", "owner_company"), col("manager", "owner_user"), col("fincas", "fincas")]),
    col("actions"),
  ];

  const rows = list.rows.map((row) => {
    const erased = row.company_erased;
    const toggle = erased ? t("companies-page.actions.activate") : t("companies-page.actions.deactivate");
    return (
      <Table.Tr
        key={row.company_id}
        // A deactivated member is no longer the colegio's to read: only 'Activar' is left on its row.
        onClick={erased ? undefined : () => open(row)}
        style={erased ? undefined : { cursor: "pointer" }}
        data-company-id={row.company_id}
      >
        {development && <Table.Td>{row.company_id}</Table.Td>}
        <Table.Td onClick={stop}>
          <Group gap={6} wrap="nowrap">
            <Tooltip label={toggle}>
              <ActionIcon
                variant="subtle"
                color={erased ? "red" : "green"}
                aria-label={toggle}
                loading={busy === row.company_id}
                disabled={busy !== null}
                onClick={() => {
                  if (erased) void setActive(row, true);
                  else {
                    setConfirming(row);
                  }
                }}
              >
                {erased ? <IconBan size={20} /> : <IconCircleCheck size={20} />}
              </ActionIcon>
            </Tooltip>
            <Text size="sm" c={erased ? "red" : "green"}>
              {erased ? t("companies-page.status.deactivated") : t("companies-page.status.active")}
            </Text>
          </Group>
        </Table.Td>
        <Table.Td>
          {providers && !erased ? (
            <Anchor
              component={Link}
              to={companyPath(type, row.company_id)}
              state={linkState}
              onClick={stop}
              fw={600}
              size="sm"
            >
              {row.company_name}
            </Anchor>
          ) : (
            <Text fw={600} size="sm">
              {row.company_name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {row.registered
              ? t("companies-page.registered-on", { date: formatDate(row.created) })
              : t("companies-page.registration-pending")}
          </Text>
        </Table.Td>
        <Table.Td>{row.company_cif}</Table.Td>
        {erased ? (
          // Only the relation is left to the colegio: no manager, activities or figures (and no light).
          (providers ? PROVIDER_DATA_COLUMNS : ADMINISTRATOR_DATA_COLUMNS).map((column) => <Table.Td key={column} />)
        ) : providers ? (
          <>
            <Table.Td>{row.activities.join(", ")}</Table.Td>
            <Table.Td>{row.company_owner_user ?? ""}</Table.Td>
            <Table.Td>
              <TrafficLight light={uploadLight(row.all_uploaded, row.upload_must)}>
                {row.all_uploaded}/{row.upload_must}
              </TrafficLight>
            </Table.Td>
            <Table.Td>
              <TrafficLight light={uploadLight(row.read_all, row.read_must)}>
                {row.read_all}/{row.read_must}
              </TrafficLight>
            </Table.Td>
            <Table.Td>
              <TrafficLight light={validationLight(row.pending_validation)}>{row.pending_validation}</TrafficLight>
            </Table.Td>
            <Table.Td>{row.provider_fincas}</Table.Td>
          </>
        ) : (
          <>
            <Table.Td>{row.company_owner_company ?? ""}</Table.Td>
            <Table.Td>{row.company_owner_user ?? ""}</Table.Td>
            <Table.Td>{row.owned_fincas}</Table.Td>
          </>
        )}
        <Table.Td onClick={stop}>
          {erased ? (
            <Text size="xs" c="dimmed" maw={180}>
              {t("companies-page.deactivated-hint")}
            </Text>
          ) : (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t("companies-page.actions.edit")}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t("companies-page.actions.edit")}
                  onClick={() => setEditing(row.company_id)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              {providers ? (
                <Tooltip label={t("companies-page.actions.folder")}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("companies-page.actions.folder")}
                    onClick={() => open(row, "upload")}
                  >
                    <IconFolder size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <Tooltip label={t("companies-page.actions.users")}>
                  <ActionIcon variant="subtle" aria-label={t("companies-page.actions.users")} onClick={() => open(row)}>
                    <IconUsers size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label={t("companies-page.actions.select")}>
                <ActionIcon variant="subtle" aria-label={t("companies-page.actions.select")} onClick={() => open(row)}>
                  <IconChevronRight size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Table.Td>
      </Table.Tr>
    );
  });

  const title = t(`companies-page.title.${type}`);
  return (
    <PageFrame title={title}>
      {notice && (
        <NoticeAlert color={notice.color} onClose={() => setNotice(null)} testId="companies-notice">
          <Stack gap={2}>
            {notice.lines.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </NoticeAlert>
      )}
      <ListCard
        title={title}
        icon={providers ? <IconTruck size={20} /> : <IconBuildingEstate size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
        actions={
          <>
            {providers && (
              <Checkbox
                label={t("companies-page.only-pending")}
                checked={onlyPending}
                onChange={(e) => {
                  setOnlyPending(e.currentTarget.checked);
                  address.setDocsRead(e.currentTarget.checked);
                }}
              />
            )}
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={summary}>
              {t("companies-page.summary")}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding("invitation")}>
              {t("companies-page.add")}
            </Button>
            <Button variant="light" leftSection={<IconId size={16} />} onClick={() => setAdding("nif")}>
              {t("companies-page.add-by-nif")}
            </Button>
            <Button variant="light" leftSection={<IconFileDescription size={16} />} onClick={() => setAdding("full")}>
              {t("companies-page.add-full")}
            </Button>
          </>
        }
      />

      <CompanyEditorModal
        companyId={editing}
        onClose={() => setEditing(null)}
        onSaved={(lines) => {
          setEditing(null);
          setNotice({ color: "green", lines });
          list.refresh();
        }}
      />
      <InvitationModal
        opened={adding === "invitation"}
        mode="company"
        onClose={() => setAdding(null)}
        onSent={list.refresh}
      />
      <NifFormModal opened={adding === "nif"} type={type} onClose={() => setAdding(null)} onAdded={added} />
      <FullFormModal opened={adding === "full"} type={type} onClose={() => setAdding(null)} onAdded={added} />
      <ConfirmDialog
        subject={confirming}
        title={t("companies-page.confirm-deactivate.title")}
        text={(row) => t("companies-page.confirm-deactivate.text", { name: row.company_name })}
        cancelLabel={t("companies-page.confirm-deactivate.back")}
        confirmLabel={t("companies-page.confirm-deactivate.confirm")}
        onClose={() => setConfirming(null)}
        onConfirm={(row) => void setActive(row, false)}
      />
    </PageFrame>
  );
}
