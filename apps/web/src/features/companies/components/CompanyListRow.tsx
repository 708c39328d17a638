import { type CompanyRow, type CompanySortKey, Role, uploadLight } from "@coordina/domain";
import { Anchor, Group, Table, Text } from "@mantine/core";
import { IconBan, IconChevronRight, IconCircleCheck, IconFolder, IconPencil, IconUsers } from "@tabler/icons-react";
import { Fragment, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../app/dates";
import { ColegioPendingLight, ColegioProviderMissing } from "../../../shared/lights/AggregateMissing";
import { ItemCard, ItemLights, ItemMeta, ItemTitle, namedFor } from "../../../ui/ItemCard";
import type { ListColumn } from "../../../ui/ListCard";
import { listColumns } from "../../../ui/listColumns";
import { MoreActions } from "../../../ui/MoreActions";
import { IconAction, type IconActionProps, type RowActions } from "../../../ui/RowActions";
import { CountLight } from "../../../ui/TrafficLight";

export type ListedType = typeof Role.administrador | typeof Role.gremio;
export type CompanySection = "users" | "upload";
type CompanyActions = RowActions<CompanyRow, "activate" | "deactivate">;

/** Where a row leads: a provider's detail (its users, or its documents), or an administrator's users. */
export function companyPath(type: number, id: number, section: CompanySection = "users"): string {
  return type === Role.gremio ? `/admin/proveedor/${id}/${section}/${id}` : `/admin/administradores/${id}/users`;
}

/** The columns of a company's data and figures, left blank on a deactivated member's row. */
const PROVIDER_DATA_COLUMNS = ["activities", "manager", "to-upload", "to-read", "pending", "in-fincas"];
const ADMINISTRATOR_DATA_COLUMNS = ["owner-company", "manager", "fincas"];
/** A figure column's width: its header in two or three lines, a light and up to "99/99" beside it. */
const FIGURE_WIDTH = 76;

/** The list's columns by type: the Id only in development, the figures of providers or administrators. */
export function useCompanyColumns(type: ListedType, development: boolean): ListColumn<CompanySortKey>[] {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.columns" });
  return listColumns<CompanySortKey>(t, [
    ...(development ? [["id"] as const] : []),
    ["status", "status"],
    ["company", "name"],
    ["cif", "cif"],
    ...(type === Role.gremio
      ? ([
          ["activities"],
          ["manager", "owner_user"],
          // The figures keep their columns' widths from one page (or one day) to the next.
          ["to-upload", undefined, FIGURE_WIDTH],
          ["to-read", undefined, FIGURE_WIDTH],
          ["pending-validation", "pending", FIGURE_WIDTH],
          ["in-fincas", "fincas", FIGURE_WIDTH],
        ] as const)
      : ([
          ["owner-company", "owner_company"],
          ["manager", "owner_user"],
          ["fincas", "fincas"],
        ] as const)),
    ["actions"],
  ]);
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** An e-mail that may break before its '@' (and anywhere, if still too long) so that it fits its column. */
function BreakableEmail({ email }: { email: string | null }) {
  if (!email) return null;
  const parts = email.split("@");
  return (
    <span style={{ overflowWrap: "anywhere" }}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one e-mail, in their order
        <Fragment key={index}>
          {index > 0 && (
            <>
              <wbr />@
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * A provider's lights, in the table and on its card alike (docs/compliance.md §Lights): uploads and reads by
 * the upload rule (spec 01 §4), documents waiting for validation; '—' and grey when nothing is expected.
 * When not green, their words name what is missing or waiting (§Words, companies/providers/missing).
 */
const toUploadLight = (row: CompanyRow) => (
  <CountLight
    rule={uploadLight}
    what="uploaded"
    done={row.all_uploaded}
    required={row.upload_must}
    missing={(figures) => <ColegioProviderMissing providerId={row.company_id} kind="upload" {...figures} />}
  />
);
const toReadLight = (row: CompanyRow) => (
  <CountLight
    rule={uploadLight}
    what="read"
    done={row.read_all}
    required={row.read_must}
    missing={(figures) => <ColegioProviderMissing providerId={row.company_id} kind="read" {...figures} />}
  />
);
const pendingLight = (row: CompanyRow) => (
  <ColegioPendingLight providerId={row.company_id} pending={row.pending_validation} />
);

/** The figures of an active member: a provider's activities, manager and lights, an administrator's fincas. */
function DataCells({ row, providers }: { row: CompanyRow; providers: boolean }) {
  if (row.company_erased)
    // Only the relation is left to the colegio: no manager, activities or figures (and no light).
    return (providers ? PROVIDER_DATA_COLUMNS : ADMINISTRATOR_DATA_COLUMNS).map((column) => <Table.Td key={column} />);
  if (!providers)
    return (
      <>
        <Table.Td>{row.company_owner_company ?? ""}</Table.Td>
        <Table.Td>
          <BreakableEmail email={row.company_owner_user} />
        </Table.Td>
        <Table.Td>{row.owned_fincas}</Table.Td>
      </>
    );
  return (
    <>
      <Table.Td>{row.activities.join(", ")}</Table.Td>
      <Table.Td>
        <BreakableEmail email={row.company_owner_user} />
      </Table.Td>
      <Table.Td>{toUploadLight(row)}</Table.Td>
      <Table.Td>{toReadLight(row)}</Table.Td>
      <Table.Td>{pendingLight(row)}</Table.Td>
      <Table.Td>{row.provider_fincas}</Table.Td>
    </>
  );
}

interface CompanyListRowProps {
  row: CompanyRow;
  type: ListedType;
  development: boolean;
  actions: CompanyActions;
  /** the list's address, carried by the row's links so that 'Volver' comes back to it */
  linkState: { back: string };
  onOpen: (section?: CompanySection) => void;
  onEdit: () => void;
}

/**
 * One member company: the activation toggle and status, name and registration, CIF, its data and figures,
 * and edit, open folder or users, select. A deactivated member is no longer the colegio's to read: only
 * 'Activar' is left on its row.
 */
export function CompanyListRow({ row, type, development, actions, linkState, onOpen, onEdit }: CompanyListRowProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page" });
  const providers = type === Role.gremio;
  const erased = row.company_erased;
  return (
    <Table.Tr
      onClick={erased ? undefined : () => onOpen()}
      style={erased ? undefined : { cursor: "pointer" }}
      data-company-id={row.company_id}
    >
      {development && <Table.Td>{row.company_id}</Table.Td>}
      <Table.Td onClick={stop}>
        <Group gap={6} wrap="nowrap">
          <IconAction {...actions.button(erased ? "activate" : "deactivate", row)} />
          <Text size="sm" c={erased ? "red" : "green"}>
            {t(erased ? "status.deactivated" : "status.active")}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        {providers && !erased ? (
          <CompanyName row={row} type={type} linkState={linkState} />
        ) : (
          <Text fw={600} size="sm">
            {row.company_name}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {row.registered ? t("registered-on", { date: formatDate(row.created) }) : t("registration-pending")}
        </Text>
      </Table.Td>
      <Table.Td>{row.company_cif}</Table.Td>
      <DataCells row={row} providers={providers} />
      <Table.Td onClick={stop}>
        {erased ? (
          <Text size="xs" c="dimmed" maw={180}>
            {t("deactivated-hint")}
          </Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconAction label={t("actions.edit")} icon={<IconPencil size={18} />} onClick={onEdit} />
            {providers ? (
              <IconAction
                label={t("actions.folder")}
                icon={<IconFolder size={18} />}
                onClick={() => onOpen("upload")}
              />
            ) : (
              <IconAction label={t("actions.users")} icon={<IconUsers size={18} />} onClick={() => onOpen()} />
            )}
            <IconAction
              {...namedFor(
                { label: t("actions.select"), icon: <IconChevronRight size={18} />, onClick: () => onOpen() },
                row.company_name,
              )}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The company's name: for an active provider, the link to its detail. */
function CompanyName({ row, type, linkState }: Pick<CompanyListRowProps, "row" | "type" | "linkState">) {
  if (type === Role.gremio && !row.company_erased)
    return (
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
    );
  return row.company_name;
}

/**
 * One member company on a phone (ItemCard): name, CIF, status and registration, a provider's three lights
 * with their figures or an administrator's fincas, 'Seleccionar', and edit, folder or users and deactivate
 * in its menu. A deactivated member keeps only 'Activar'.
 */
export function CompanyCard({
  row,
  type,
  actions,
  linkState,
  onOpen,
  onEdit,
}: Omit<CompanyListRowProps, "development">) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page" });
  const providers = type === Role.gremio;
  const erased = row.company_erased;
  const status = t(erased ? "status.deactivated" : "status.active");
  const registration = row.registered
    ? t("registered-on", { date: formatDate(row.created) })
    : t("registration-pending");
  const more: IconActionProps[] = [
    { label: t("actions.edit"), icon: <IconPencil size={16} />, onClick: onEdit },
    providers
      ? { label: t("actions.folder"), icon: <IconFolder size={16} />, onClick: () => onOpen("upload") }
      : { label: t("actions.users"), icon: <IconUsers size={16} />, onClick: () => onOpen() },
    // what it does, not the table toggle's look of what the member is (a green check while active)
    { ...actions.button("deactivate", row), icon: <IconBan size={16} />, color: "red" },
  ];
  return (
    <ItemCard
      data-company-id={row.company_id}
      actions={
        erased ? (
          <IconAction {...actions.button("activate", row)} icon={<IconCircleCheck size={18} />} color="green" />
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconAction
              {...namedFor(
                { label: t("actions.select"), icon: <IconChevronRight size={18} />, onClick: () => onOpen() },
                row.company_name,
              )}
            />
            <MoreActions name={row.company_name} items={more} />
          </Group>
        )
      }
    >
      <ItemTitle>
        <CompanyName row={row} type={type} linkState={linkState} />
      </ItemTitle>
      <ItemMeta parts={[row.company_cif, status, registration]} />
      {erased ? (
        <Text size="xs" c="dimmed">
          {t("deactivated-hint")}
        </Text>
      ) : providers ? (
        <ItemLights
          lights={[
            { label: t("columns.to-upload"), element: toUploadLight(row) },
            { label: t("columns.to-read"), element: toReadLight(row) },
            { label: t("columns.pending-validation"), element: pendingLight(row) },
          ]}
        />
      ) : (
        <ItemMeta parts={[`${t("columns.fincas")}: ${row.owned_fincas}`]} />
      )}
    </ItemCard>
  );
}
