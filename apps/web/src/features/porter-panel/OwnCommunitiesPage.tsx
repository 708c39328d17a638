import { DEBOUNCE_MS, type OwnCommunityRow, readLight, uploadLight } from "@coordina/domain";
import { Anchor, Card, Group, Pagination, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBuildingCommunity, IconEye, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { PorterMissingDuties } from "../../shared/lights/PorterMissingDuties";
import { ItemCard, ItemTitle } from "../../ui/ItemCard";
import { usePageLabels } from "../../ui/ListCard";
import { PageFrame } from "../../ui/PageFrame";
import { ResponsiveList } from "../../ui/ResponsiveList";
import { IconAction } from "../../ui/RowActions";
import { CountLight } from "../../ui/TrafficLight";
import { ownCommunitiesQuery } from "./api/fetchOwnCommunities";
import texts from "./es.json";
import { panelPath } from "./logic";

addTexts(texts);

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The porter's duties in a community: its uploads and its reads, each with its light and figures, whose
 * words name what it still lacks there (issue 21).
 */
function Duties({ row, short = false }: { row: OwnCommunityRow; short?: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-communities" });
  const source = { kind: "own", communityId: row.id } as const;
  const uploads = (
    <CountLight
      rule={uploadLight}
      what="uploaded"
      done={row.uploaded_count}
      required={row.upload_must}
      prefix={short && `${t("uploads-short")} `}
      missing={(figures) => <PorterMissingDuties source={source} kind="upload" {...figures} />}
    />
  );
  const reads = (
    <CountLight
      rule={readLight}
      what="read"
      done={row.read_count}
      required={row.read_must}
      prefix={short && `${t("reads-short")} `}
      missing={(figures) => <PorterMissingDuties source={source} kind="read" {...figures} />}
    />
  );
  if (short)
    return (
      <Group gap="md">
        {uploads}
        {reads}
      </Group>
    );
  return (
    <>
      <Table.Td data-testid="own-uploads">{uploads}</Table.Td>
      <Table.Td data-testid="own-reads">{reads}</Table.Td>
    </>
  );
}

/**
 * /porteros/comunidades/main, the porter's start page (spec 02 §2 'Porter's own view'): its communities
 * with their administrator and its own duties there (uploads and reads, with their lights), searched on
 * the server; a row, its name or its eye opens the community's panel. On a phone each is a card.
 */
export default function OwnCommunitiesPage() {
  const pageLabels = usePageLabels();
  const { t } = useTranslation(undefined, { keyPrefix: "porter-communities" });
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [filter] = useDebouncedValue(search.trim(), DEBOUNCE_MS.search);
  const [pageOf, setPageOf] = useState({ filter: "", page: 1 });
  // A new search starts at its first page.
  const page = pageOf.filter === filter ? pageOf.page : 1;
  const list = useQuery(ownCommunitiesQuery({ page, filter }));
  const rows = list.data?.data ?? [];
  const open = (row: OwnCommunityRow) => navigate(panelPath(row.id));

  // What the list says instead of rows: loading, why it failed, or that there is none.
  let status: { state: "loading" | "error" | "empty"; text: string } | null = null;
  if (list.isPending) status = { state: "loading", text: t("loading") };
  else if (list.isError) status = { state: "error", text: errorText(list.error) };
  else if (rows.length === 0) status = { state: "empty", text: filter ? t("no-match") : t("empty") };
  const statusText = status && (
    <Text c="dimmed" ta="center" py="md" data-testid={`own-communities-${status.state}`}>
      {status.text}
    </Text>
  );

  const openButton = (row: OwnCommunityRow) => (
    <IconAction label={t("open", { name: row.name })} icon={<IconEye size={18} />} onClick={() => open(row)} />
  );
  const nameLink = (row: OwnCommunityRow) => (
    <Anchor component={Link} to={panelPath(row.id)} onClick={stop} fw={600} size="sm">
      {row.name}
    </Anchor>
  );

  const table = (
    <Table striped highlightOnHover data-testid="own-communities-table">
      <Table.Thead>
        <Table.Tr>
          {(["name", "admin", "uploads", "reads", "actions"] as const).map((key) => (
            <Table.Th key={key}>{t(`columns.${key}`)}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: "pointer" }} data-community-id={row.id}>
            <Table.Td>{nameLink(row)}</Table.Td>
            <Table.Td>{row.admin}</Table.Td>
            <Duties row={row} />
            <Table.Td onClick={stop}>{openButton(row)}</Table.Td>
          </Table.Tr>
        ))}
        {statusText && (
          <Table.Tr>
            <Table.Td colSpan={5}>{statusText}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );

  const cards = rows.map((row) => (
    <ItemCard key={row.id} data-community-id={row.id} actions={openButton(row)}>
      <ItemTitle>{nameLink(row)}</ItemTitle>
      <Text size="xs" c="dimmed">
        {t("columns.admin")}: {row.admin}
      </Text>
      <Duties row={row} short />
    </ItemCard>
  ));

  const count = list.data?.count ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / (list.data?.pagination.limit || 1)));
  return (
    <PageFrame title={t("title")}>
      <Card withBorder radius="md" padding="lg" data-testid="own-communities">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Group gap="xs">
            <IconBuildingCommunity size={20} aria-hidden />
            <Title order={4}>{t("title")}</Title>
          </Group>
          <TextInput
            aria-label={t("search")}
            placeholder={t("search")}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </Group>
        <ResponsiveList
          table={table}
          cards={statusText ? [] : cards}
          empty={statusText}
          label={t("title")}
          testId="own-communities-cards"
        />
        <Group justify="space-between" mt="md">
          <Text size="sm">{list.data ? t("count", { count }) : ""}</Text>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={page}
              onChange={(next) => setPageOf({ filter, page: next })}
              {...pageLabels}
            />
          )}
        </Group>
      </Card>
    </PageFrame>
  );
}
