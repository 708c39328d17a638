import { type ColegioDefinitionSummary, REQUIREMENT_LABEL, type RequirementValue } from "@coordina/domain";
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconCalendarDue, IconEye, IconListDetails } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../app/dates";
import { queryKeys } from "../../app/queryKeys";
import { ExpiryIndicator } from "../../shared/documents/ExpiryIndicator";
import { pageOfQuery } from "../../shared/list-return/listReturn";
import { formatFileSize } from "../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { QueryView } from "../../ui/LoadState";
import { openFile } from "../../ui/openFile";
import { ResponsiveList } from "../../ui/ResponsiveList";
import { IconAction } from "../../ui/RowActions";
import { usePagedList } from "../../ui/usePagedList";
import { colegioSummaryQuery, type ExpiringSoonRow, fetchExpiringSoon } from "./api/fetchColegioSummary";

/** 'Validar documentos': the list behind the pending figures. */
const VALIDATION_LIST = "/documents/mandatory";

/** The definition the expiring list is narrowed to (`?definicion=ID`), or none. */
function definitionOfQuery(search: URLSearchParams): number | null {
  const id = Number(search.get("definicion"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The figures and the definitions' table; a definition's expiring count narrows the list below to it. */
function DefinitionsCard({
  definitions,
  onlyDefinition,
}: {
  definitions: ColegioDefinitionSummary[];
  onlyDefinition: (id: number | null) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.colegio" });
  const origin = (d: ColegioDefinitionSummary) => REQUIREMENT_LABEL[d.requirement_origin as RequirementValue] ?? "";
  const expiring = (d: ColegioDefinitionSummary) =>
    d.expiring_soon > 0 ? (
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => onlyDefinition(d.id)}
        aria-label={t("show-definition", { count: d.expiring_soon, name: d.name })}
      >
        {d.expiring_soon}
      </Anchor>
    ) : (
      <Text size="sm">0</Text>
    );
  const pending = (d: ColegioDefinitionSummary) =>
    d.validate_colegio_required ? (
      <Text size="sm">{d.pending_validation}</Text>
    ) : (
      <Text size="sm" c="dimmed" aria-label={t("no-validation")}>
        —
      </Text>
    );
  const columns = ["definition", "origin", "expiring", "pending"] as const;
  const table = (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="summary-definitions">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{t(`columns.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {definitions.map((d) => (
            <Table.Tr key={d.id} data-testid="summary-definition-row">
              <Table.Td>{d.name}</Table.Td>
              <Table.Td>{origin(d)}</Table.Td>
              <Table.Td>{expiring(d)}</Table.Td>
              <Table.Td>{pending(d)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const cards = definitions.map((d) => (
    <ItemCard key={d.id} data-testid="summary-definition-card" actions={null}>
      <ItemTitle>{d.name}</ItemTitle>
      <ItemMeta parts={[origin(d)]} />
      <Group gap="xs">
        <Text size="sm">{t("columns.expiring")}:</Text>
        {expiring(d)}
      </Group>
      <Group gap="xs">
        <Text size="sm">{t("columns.pending")}:</Text>
        {pending(d)}
      </Group>
    </ItemCard>
  ));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="summary-definitions-title">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconListDetails size={20} aria-hidden />
        <Title order={2} size="h4" id="summary-definitions-title">
          {t("definitions-title")}
        </Title>
      </Group>
      {definitions.length === 0 ? (
        <Text size="sm">{t("no-definitions")}</Text>
      ) : (
        <ResponsiveList table={table} cards={cards} label={t("definitions-title")} testId="summary-definition-cards" />
      )}
    </Card>
  );
}

/** The colegio's documents expiring within 30 days: searched, sorted by date, narrowed to a definition. */
function ExpiringCard({
  definitions,
  definitionId,
  onlyDefinition,
  page,
  onPage,
}: {
  definitions: ColegioDefinitionSummary[];
  definitionId: number | null;
  onlyDefinition: (id: number | null) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.colegio" });
  const { t: tAll } = useTranslation();
  const list = usePagedList<ExpiringSoonRow, "obsolete">(
    queryKeys.expiringSoon,
    { definitionId },
    (paging) => fetchExpiringSoon(paging, definitionId),
    definitionId === null ? t("expiring-empty") : t("expiring-empty-definition"),
    { sort: { by: "obsolete", dir: "ASC" }, page, onPage },
  );
  const narrowed = definitions.find((d) => d.id === definitionId);
  const community = (row: ExpiringSoonRow) => row.community_name ?? t("all-communities");
  const view = (row: ExpiringSoonRow) => (
    <IconAction
      label={`${tAll("document-boxes.actions.view")}: ${row.document.fileupload.name}`}
      icon={<IconEye size={18} />}
      onClick={() => void openFile(row.document.fileupload.id, "view")}
    />
  );
  const rows = list.rows.map((row) => {
    const file = row.document.fileupload;
    return (
      <Table.Tr key={row.document.id} data-testid="expiring-row">
        <Table.Td>
          <ExpiryIndicator obsolete={file.obsolete} needsExpiry={row.document.needs_expiry} />
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)} · {formatDate(file.created)}
          </Text>
        </Table.Td>
        <Table.Td>{row.definition_name}</Table.Td>
        <Table.Td>
          <Text size="sm">{row.company_name}</Text>
          <Text size="xs" c="dimmed">
            {tAll(`roles.${row.company_type}`)}
          </Text>
        </Table.Td>
        <Table.Td>{community(row)}</Table.Td>
        <Table.Td>{view(row)}</Table.Td>
      </Table.Tr>
    );
  });
  const cards = list.rows.map((row) => {
    const file = row.document.fileupload;
    return (
      <ItemCard key={row.document.id} data-testid="expiring-card" actions={view(row)}>
        <ItemTitle>{file.name}</ItemTitle>
        <ExpiryIndicator obsolete={file.obsolete} needsExpiry={row.document.needs_expiry} />
        <Text size="sm">{row.definition_name}</Text>
        <ItemMeta parts={[row.company_name, tAll(`roles.${row.company_type}`), community(row)]} />
      </ItemCard>
    );
  });
  const columns = [
    { label: t("columns.date"), sortKey: "obsolete" as const },
    t("columns.file"),
    t("columns.definition"),
    t("columns.company"),
    t("columns.community"),
    t("columns.actions"),
  ];
  return (
    <Stack gap="xs">
      {narrowed && (
        <Group gap="xs" data-testid="expiring-narrowed">
          <Text size="sm">{t("narrowed", { name: narrowed.name })}</Text>
          <Button size="compact-sm" variant="default" onClick={() => onlyDefinition(null)}>
            {t("show-all")}
          </Button>
        </Group>
      )}
      <ListCard
        title={t("expiring-title")}
        icon={<IconCalendarDue size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="expiring-cards"
        {...list.listProps}
      />
    </Stack>
  );
}

/**
 * `/documents/summary` for the colegio ('Resumen de documentos'; docs/FEATURES.md): its colegio's documents at a glance —
 * how many expire within 30 days and how many wait for its validation, the same figures as the dashboard's,
 * then by definition, and the list of those expiring (the list behind the dashboard's figure). The page and
 * the definition chosen are kept in the address (`?page=`, `?definicion=`).
 */
export function ColegioSummary() {
  const { t } = useTranslation(undefined, { keyPrefix: "company-documents.colegio" });
  const summary = useQuery(colegioSummaryQuery());
  const [params, setParams] = useSearchParams();
  const definitionId = definitionOfQuery(params);
  const page = pageOfQuery(params);
  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const onlyDefinition = (id: number | null) => setQuery({ definicion: id === null ? null : String(id), page: null });
  return (
    <QueryView query={summary} loading={t("loading")} errorTestId="colegio-summary-error" retry>
      {(data) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("today", { date: formatDate(data.today) })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Card withBorder radius="md" padding="md" data-testid="summary-expiring">
              <Text fz={32} fw={700} lh={1} aria-hidden="true">
                {data.expiring_soon}
              </Text>
              <Text size="sm">{t("expiring-text", { count: data.expiring_soon })}</Text>
            </Card>
            <Card withBorder radius="md" padding="md" data-testid="summary-pending">
              <Text fz={32} fw={700} lh={1} aria-hidden="true">
                {data.pending_validation}
              </Text>
              <Text size="sm">{t("pending-text", { count: data.pending_validation })}</Text>
              <Anchor component={Link} to={VALIDATION_LIST} size="sm">
                {t("pending-link")}
              </Anchor>
            </Card>
          </SimpleGrid>
          <DefinitionsCard definitions={data.definitions} onlyDefinition={onlyDefinition} />
          <ExpiringCard
            definitions={data.definitions}
            definitionId={definitionId}
            onlyDefinition={onlyDefinition}
            page={page}
            onPage={(next) => setQuery({ page: next > 1 ? String(next) : null })}
          />
        </Stack>
      )}
    </QueryView>
  );
}
