import { type CompanyRow, type CompanySortKey, Role } from "@coordina/domain";
import { IconBan, IconBuildingEstate, IconCircleCheck, IconTruck } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { queryKeys } from "../../../app/queryKeys";
import { useDevelopmentMode } from "../../../app/useDevelopmentMode";
import { useSetCompanyActive } from "../../../shared/companies/api/setCompanyActive";
import { InvitationModal } from "../../../shared/invitations/InvitationModal";
import { ListPage } from "../../../ui/ListPage";
import { NoticeLines } from "../../../ui/NoticeAlert";
import { RowActionHost, useRowActions } from "../../../ui/RowActions";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchCompanies } from "../api/fetchCompanies";
import { type AddWay, CompaniesToolbar } from "./CompaniesToolbar";
import { CompanyEditorModal } from "./CompanyEditorModal";
import {
  CompanyCard,
  CompanyListRow,
  type CompanySection,
  companyPath,
  type ListedType,
  useCompanyColumns,
} from "./CompanyListRow";
import { FullFormModal } from "./FullFormModal";
import { NifFormModal } from "./NifFormModal";
import { useListAddress } from "./useListAddress";

export type { ListedType };

/**
 * The colegio's list of member companies of one type (spec 01 §2 'Company lists per company type'):
 * administrators (15) or providers (20), with search, sorting, paging kept in the address, lights, the
 * CSV summary, the three ways of adding a company, the editor and activation.
 */
export function CompaniesListPage({
  type,
  above,
}: {
  type: ListedType;
  /** shown above the list (the providers' requests to join the colegio) */
  above?: ReactNode;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page" });
  const navigate = useNavigate();
  const location = useLocation();
  const providers = type === Role.gremio;
  const address = useListAddress();
  const development = useDevelopmentMode();
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState<AddWay | null>(null);
  const setActive = useSetCompanyActive();

  const filterNotRead = providers && address.docsRead;
  const list = usePagedList<CompanyRow, CompanySortKey>(
    queryKeys.companyList,
    { type, filterNotRead },
    (paging) => fetchCompanies({ ...paging, type, ...(providers ? { filterNotRead } : {}) }),
    t(`empty.${type}`),
    // A new search or sort goes back to page 1 of the address.
    { page: address.page, onPage: address.setPage, limit: address.rows, sort: null },
  );
  const actions = useRowActions((row: CompanyRow) => row.company_id, {
    activate: {
      label: () => t("actions.activate"),
      icon: <IconBan size={20} />,
      color: "red",
      run: (row) => setActive.mutateAsync({ id: row.company_id, active: true }),
      done: (row) => <NoticeLines lines={[t("activated", { name: row.company_name })]} />,
    },
    deactivate: {
      label: () => t("actions.deactivate"),
      icon: <IconCircleCheck size={20} />,
      color: "green",
      run: (row) => setActive.mutateAsync({ id: row.company_id, active: false }),
      done: (row) => <NoticeLines lines={[t("deactivated", { name: row.company_name })]} />,
      ask: {
        title: t("confirm-deactivate.title"),
        text: (row) => t("confirm-deactivate.text", { name: row.company_name }),
        cancelLabel: t("confirm-deactivate.back"),
        confirmLabel: t("confirm-deactivate.confirm"),
      },
    },
  });

  // The list's address travels with a row's link, so 'Volver' comes back to the same page.
  const linkState = { back: `${location.pathname}${location.search}` };
  const added = (message: string) => {
    setAdding(null);
    actions.setNotice(<NoticeLines lines={[message]} />);
  };

  const rowProps = (row: CompanyRow) => ({
    row,
    type,
    actions,
    linkState,
    onOpen: (section?: CompanySection) => navigate(companyPath(type, row.company_id, section), { state: linkState }),
    onEdit: () => setEditing(row.company_id),
  });

  const title = t(`title.${type}`);
  return (
    <ListPage
      title={title}
      notice={
        <>
          {above}
          <RowActionHost actions={actions} testId="companies-notice" />
        </>
      }
      icon={providers ? <IconTruck size={20} /> : <IconBuildingEstate size={20} />}
      columns={useCompanyColumns(type, development)}
      rows={list.rows.map((row) => (
        <CompanyListRow key={row.company_id} development={development} {...rowProps(row)} />
      ))}
      // On a phone each company is a card.
      cards={list.rows.map((row) => <CompanyCard key={row.company_id} {...rowProps(row)} />)}
      cardsTestId="companies-cards"
      {...list.listProps}
      actions={
        <CompaniesToolbar
          type={type}
          onlyPending={address.docsRead}
          onOnlyPending={address.setDocsRead}
          onAdd={setAdding}
        />
      }
    >
      <CompanyEditorModal
        companyId={editing}
        onClose={() => setEditing(null)}
        onSaved={(lines) => {
          setEditing(null);
          actions.setNotice(<NoticeLines lines={lines} />);
        }}
      />
      <InvitationModal opened={adding === "invitation"} mode="company" onClose={() => setAdding(null)} />
      <NifFormModal opened={adding === "nif"} type={type} onClose={() => setAdding(null)} onAdded={added} />
      <FullFormModal opened={adding === "full"} type={type} onClose={() => setAdding(null)} onAdded={added} />
    </ListPage>
  );
}
