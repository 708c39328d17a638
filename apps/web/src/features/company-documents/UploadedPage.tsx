import {
  COMPANY_EXPIRY_STATES,
  COMPANY_VALIDATION_STATES,
  type CompanyDocumentRow,
  type CompanyDocumentSortKey,
  type CompanyDocumentsPage,
  type DocumentRow,
  PAGE_SIZE,
} from "@coordina/domain";
import { Alert, Badge, Group, Modal, NativeSelect, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconEye, IconFiles, IconPencil, IconReplace } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDate } from "../../app/dates";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { useSession } from "../../app/session";
import { useEraseDocument } from "../../shared/documents/api/eraseDocument";
import { useRefreshDocuments } from "../../shared/documents/api/refreshDocuments";
import {
  asDocumentResponse,
  definedUploadFields,
  UPLOAD_DEFINED_FILE,
} from "../../shared/documents/api/uploadDefinedFile";
import { DocumentEditModal } from "../../shared/documents/DocumentEditModal";
import { formatFileSize } from "../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { listColumns } from "../../ui/listColumns";
import { openFile } from "../../ui/openFile";
import { PageFrame } from "../../ui/PageFrame";
import { IconAction } from "../../ui/RowActions";
import { UploadArea } from "../../ui/UploadArea";
import { usePagedList } from "../../ui/usePagedList";
import { fetchCompanyDocuments } from "./api/fetchCompanyDocuments";
import texts from "./es.json";
import { filtersOf, requestFilters, searchOf, type UploadedFilters, withFilter } from "./logic";

addTexts(texts);

const EXPIRY_COLOR: Record<CompanyDocumentRow["expiry_state"], string> = {
  valid: "green",
  soon: "yellow",
  expired: "orange",
  none: "red",
};
const VALIDATION_COLOR: Record<CompanyDocumentRow["validation"], string> = {
  validated: "green",
  pending: "blue",
  "not-required": "gray",
  none: "gray",
};

/** The row as the shared document edit form takes it (it reads the file and the document's id). */
function asDocument(row: CompanyDocumentRow): DocumentRow {
  return {
    id: row.id,
    id_document_require_definition: row.definition.id,
    company_id: 0,
    company_name: "",
    id_finca: row.finca?.id ?? null,
    fileupload_id: row.file.id,
    fileupload: { ...row.file, description: "", ftype: "application/pdf" },
    user_origin: 0,
    validated: row.validation === "validated",
    expired: row.expiry_state === "expired",
    needs_expiry: row.needs_expiry,
    can_edit: true,
  };
}

/** The expiry of a row in words, with its colour: 'Caduca el …' / 'Caducado' / 'Falta la fecha de caducidad' / 'Sin caducidad'. */
function ExpiryBadge({ row }: { row: CompanyDocumentRow }) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.uploaded" });
  let text = t(`expiry.${row.expiry_state}`);
  if (row.expiry_state === "valid")
    text = row.file.obsolete ? t("expires", { date: formatDate(row.file.obsolete) }) : t("no-expiry");
  if (row.expiry_state === "soon" && row.file.obsolete) text = t("expires", { date: formatDate(row.file.obsolete) });
  if (row.expiry_state === "expired" && row.file.obsolete) text = `${text} (${formatDate(row.file.obsolete)})`;
  return (
    <Badge color={EXPIRY_COLOR[row.expiry_state]} variant="light" size="sm" data-testid="uploaded-expiry">
      {text}
    </Badge>
  );
}

function ValidationBadge({ row }: { row: CompanyDocumentRow }) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.uploaded.validation" });
  if (row.validation === "none") return <Text size="sm">{t("none")}</Text>;
  return (
    <Badge color={VALIDATION_COLOR[row.validation]} variant="light" size="sm" data-testid="uploaded-validation">
      {t(row.validation)}
    </Badge>
  );
}

/** The four filters, kept in the address; their choices are the communities and definitions of one's documents. */
function Filters({
  filters,
  answer,
  onChange,
}: {
  filters: UploadedFilters;
  answer: CompanyDocumentsPage | undefined;
  onChange: (change: Partial<Omit<UploadedFilters, "page">>) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.uploaded" });
  const any = { value: "", label: t("filters.any") };
  const named = (list: { id: number; name: string }[] | undefined, chosen: number | undefined) => {
    const options = (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    // A chosen one the answer does not list (yet) still shows.
    if (chosen && !options.some((o) => o.value === String(chosen)))
      options.push({ value: String(chosen), label: `#${chosen}` });
    return [any, ...options];
  };
  const id = (value: string) => (value ? Number(value) : undefined);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" role="group" aria-label={t("filters.label")}>
      <NativeSelect
        label={t("filters.community")}
        value={filters.finca ? String(filters.finca) : ""}
        data={named(answer?.fincas, filters.finca)}
        onChange={(e) => onChange({ finca: id(e.currentTarget.value) })}
        data-testid="filter-community"
      />
      <NativeSelect
        label={t("filters.definition")}
        value={filters.definition ? String(filters.definition) : ""}
        data={named(answer?.definitions, filters.definition)}
        onChange={(e) => onChange({ definition: id(e.currentTarget.value) })}
        data-testid="filter-definition"
      />
      <NativeSelect
        label={t("filters.expiry")}
        value={filters.expiry ?? ""}
        data={[any, ...COMPANY_EXPIRY_STATES.map((s) => ({ value: s, label: t(`expiry.${s}`) }))]}
        onChange={(e) => onChange({ expiry: COMPANY_EXPIRY_STATES.find((s) => s === e.currentTarget.value) })}
        data-testid="filter-expiry"
      />
      <NativeSelect
        label={t("filters.validation")}
        value={filters.validation ?? ""}
        data={[any, ...COMPANY_VALIDATION_STATES.map((s) => ({ value: s, label: t(`validation.${s}`) }))]}
        onChange={(e) => onChange({ validation: COMPANY_VALIDATION_STATES.find((s) => s === e.currentTarget.value) })}
        data-testid="filter-validation"
      />
    </SimpleGrid>
  );
}

/** 'Sustituir': a new file for the same definition and community (a single-file definition replaces the old one). */
function ReplaceModal({
  row,
  onClose,
  onUploaded,
}: {
  row: CompanyDocumentRow | null;
  onClose: () => void;
  onUploaded: (document: DocumentRow, needsExpiry: boolean) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents" });
  return (
    <Modal opened={row !== null} onClose={onClose} title={t("uploaded.replace-title")} centered>
      {row && (
        <Stack gap="sm">
          <Text size="sm">
            {t("uploaded.replace-help", {
              definition: row.definition.name,
              community: row.finca?.name ?? t("all-communities"),
            })}
          </Text>
          <Alert color="blue" p="xs">
            {t(row.definition.oneonly ? "uploaded.replace-oneonly" : "uploaded.replace-keeps")}
          </Alert>
          <UploadArea
            path={UPLOAD_DEFINED_FILE}
            fields={definedUploadFields(row.definition.id, row.finca?.id)}
            multiple={false}
            onUploaded={(answer) => {
              const uploaded = asDocumentResponse(answer);
              if (uploaded) onUploaded(uploaded.data, uploaded.needs_expiry);
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}

function UploadedList() {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents" });
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const setFilters = useCallback((next: UploadedFilters) => setSearch(searchOf(next), { replace: true }), [setSearch]);
  const onPage = useCallback(
    (page: number) => setSearch(searchOf({ ...filtersOf(search), page }), { replace: true }),
    [search, setSearch],
  );
  const request = requestFilters(filters);
  const list = usePagedList<CompanyDocumentRow, CompanyDocumentSortKey, CompanyDocumentsPage>(
    queryKeys.companyDocuments,
    request,
    ({ page, limit, filter, sortBy, sortDesc }) =>
      fetchCompanyDocuments({ page, limit, filter, sortBy, sortDesc, ...request }),
    t("uploaded.empty"),
    { limit: PAGE_SIZE.defaultRows, sort: { by: "created", dir: "DESC" }, page: filters.page, onPage },
  );
  const refresh = useRefreshDocuments();
  const erase = useEraseDocument();
  const [editing, setEditing] = useState<{ document: DocumentRow; obsoletable: boolean } | null>(null);
  const [replacing, setReplacing] = useState<CompanyDocumentRow | null>(null);

  const columns = listColumns<CompanyDocumentSortKey>(
    (key) => t(`uploaded.columns.${key}`),
    [
      ["name", "name"],
      ["definition", "definition"],
      ["community", "community"],
      ["expiry", "expiry"],
      ["validation"],
      ["created", "created"],
      ["actions"],
    ],
  );
  const actions = (row: CompanyDocumentRow) => (
    <Group gap={4} wrap="nowrap">
      <IconAction
        label={t("uploaded.open", { name: row.file.name })}
        icon={<IconEye size={18} />}
        onClick={() => void openFile(row.file.id, "view")}
      />
      <IconAction
        label={t("uploaded.edit", { name: row.file.name })}
        icon={<IconPencil size={18} />}
        onClick={() => setEditing({ document: asDocument(row), obsoletable: row.definition.obsoletable })}
      />
      <IconAction
        label={t("uploaded.replace", { name: row.file.name })}
        icon={<IconReplace size={18} />}
        onClick={() => setReplacing(row)}
      />
    </Group>
  );
  const community = (row: CompanyDocumentRow) => row.finca?.name ?? t("general");
  const replaced = (row: CompanyDocumentRow) =>
    row.newest ? null : (
      <Text size="xs" c="dimmed" data-testid="uploaded-replaced">
        {t("uploaded.replaced")}
      </Text>
    );
  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} data-document-id={row.id}>
      <Table.Td>
        <ItemTitle>{row.file.name}</ItemTitle>
        <Text size="xs" c="dimmed">
          {formatFileSize(row.file.size)}
        </Text>
        {replaced(row)}
      </Table.Td>
      <Table.Td>{row.definition.name}</Table.Td>
      <Table.Td>{community(row)}</Table.Td>
      <Table.Td>
        <ExpiryBadge row={row} />
      </Table.Td>
      <Table.Td>
        <ValidationBadge row={row} />
      </Table.Td>
      <Table.Td>{formatDate(row.file.created)}</Table.Td>
      <Table.Td>{actions(row)}</Table.Td>
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard key={row.id} data-document-id={row.id} actions={actions(row)}>
      <ItemTitle>{row.file.name}</ItemTitle>
      <ItemMeta
        parts={[row.definition.name, community(row), formatFileSize(row.file.size), formatDate(row.file.created)]}
      />
      <Group gap="xs">
        <ExpiryBadge row={row} />
        <ValidationBadge row={row} />
      </Group>
      {replaced(row)}
    </ItemCard>
  ));
  const { count, ...card } = list.listProps;
  return (
    <Stack gap="sm">
      <Filters filters={filters} answer={list.answer} onChange={(change) => setFilters(withFilter(filters, change))} />
      <ListCard
        title={t("uploaded.title")}
        icon={<IconFiles size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="uploaded-cards"
        {...card}
      />
      {count !== undefined && (
        <Text size="sm" ta="right" data-testid="uploaded-count">
          {t("uploaded.count", { count })}
        </Text>
      )}
      <DocumentEditModal
        document={editing?.document ?? null}
        obsoletable={editing?.obsoletable ?? false}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
        onErase={(document) =>
          erase.mutate(document.id, {
            onSuccess: () => setEditing(null),
          })
        }
        erasing={erase.isPending}
      />
      <ReplaceModal
        row={replacing}
        onClose={() => setReplacing(null)}
        onUploaded={(document, needsExpiry) => {
          const obsoletable = replacing?.definition.obsoletable ?? false;
          setReplacing(null);
          void refresh();
          if (needsExpiry) setEditing({ document, obsoletable });
        }}
      />
    </Stack>
  );
}

/**
 * 'Documentos subidos' (/documents/uploaded, spec 02 §2; issue 23): every document the caller's company
 * uploaded in the chosen colegio, searched (500 ms) and filtered by community, definition, expiry and
 * validation (kept in the address with the page), 10 a page, newest first; each can be opened, edited (name,
 * expiry) and replaced by a new file for the same definition and community. Cards on a phone.
 */
export default function UploadedPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents" });
  const current = useSession();
  const colegioId = current?.colegio.id ?? 0;
  return (
    <PageFrame title={t("uploaded.title")}>
      {colegioId > 0 ? (
        <UploadedList />
      ) : (
        <Alert color="blue" data-testid="uploaded-choose-colegio">
          {t("choose-colegio")}
        </Alert>
      )}
    </PageFrame>
  );
}
