import {
  type CommunitiesDefinedResponse,
  type CommunityDefinedRow,
  communityCellOf,
  PAGE_SIZE,
} from "@coordina/domain";
import { Alert, Anchor, Card, Checkbox, Grid, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconBuildingCommunity, IconFolder, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { definedDocumentsQuery } from "../../shared/documents/api/fetchDefinedDocuments";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { PageFrame } from "../../ui/PageFrame";
import { usePagedList } from "../../ui/usePagedList";
import { fetchCommunitiesDefined } from "./api/fetchCommunitiesDefined";
import { type ManyTarget, toggleTarget, withPage } from "./api/uploadMany";
import { CommunityCellView } from "./components/CommunityCellView";
import { ManyUploadCard } from "./components/ManyUploadCard";
import texts from "./es.json";

addTexts(texts);

const NONE: ManyTarget = { kind: "some", ids: new Set() };

/**
 * The administrator's general documents beside its communities': how many of those it uploads once are still to
 * do, and the way to them ('Documentos generales', /documents/mandatory, where they are uploaded).
 */
function GeneralSummary() {
  const { t } = useTranslation(undefined, { keyPrefix: "community-documents.general" });
  const answer = useQuery(definedDocumentsQuery({ group: "ALL" })).data;
  const general = (answer?.data ?? []).filter((item) => item.can_upload && !item.definition.assocfinca);
  const pending = general.filter(
    (item) => communityCellOf(item.definition.id, item.documents).state !== "current",
  ).length;
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="general-summary">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconFolder size={20} aria-hidden />
          <Title order={2} size="h4">
            {t("title")}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t("text")}
        </Text>
        {answer && (
          <Text size="sm" data-testid="general-pending">
            {general.length === 0
              ? t("none")
              : pending > 0
                ? t("summary", { count: pending, total: general.length })
                : t("complete", { total: general.length })}
          </Text>
        )}
        <Anchor component={Link} to="/documents/mandatory" size="sm">
          {t("link")}
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * /gcomunidades 'Documentos por comunidad' (issue 23): the administrator's general documents (a summary
 * and the way to 'Documentos generales') beside the documents of its communities: its live communities (10 a
 * page, search) as rows, a column per per-community definition it uploads with what each holds ('Subido',
 * 'Sin subir', 'Caducado', 'Falta la fecha de caducidad' and the file), and one upload for many of them (the
 * communities ticked, this page's or all of them). On a phone each community is a card.
 */
export default function CommunityDocumentsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "community-documents" });
  const { t: tMenu } = useTranslation(undefined, { keyPrefix: "menu" });
  const [target, setTarget] = useState<ManyTarget>(NONE);
  const [definitionId, setDefinitionId] = useState<number | null>(null);
  const list = usePagedList<CommunityDefinedRow, never, CommunitiesDefinedResponse>(
    queryKeys.communitiesDefined,
    {},
    ({ page, limit, filter }) => fetchCommunitiesDefined({ page, limit, filter }),
    t("list.empty"),
    { limit: PAGE_SIZE.communities },
  );
  const definitions = list.answer?.definitions ?? [];
  // 'Elegir todas' is every community of the administrator, whatever the search: its count is the one
  // seen without a search.
  const [searching, setSearching] = useState("");
  const [allCount, setAllCount] = useState(0);
  const count = list.listProps.count;
  useEffect(() => {
    if (searching === "" && count !== undefined && !list.listProps.refreshing) setAllCount(count);
  }, [searching, count, list.listProps.refreshing]);
  const onSearch = (value: string) => {
    setSearching(value.trim());
    list.listProps.onSearch(value);
  };
  const isChosen = (id: number) => (target.kind === "all" ? !target.except.has(id) : target.ids.has(id));
  const toggle = (id: number, on: boolean) => setTarget((current) => toggleTarget(current, id, on));
  const choosePage = () =>
    setTarget((current) =>
      withPage(
        current,
        list.rows.map((r) => r.id),
      ),
    );
  const chooser = (row: CommunityDefinedRow) => (
    <Checkbox
      aria-label={t("list.choose-named", { name: row.name })}
      checked={isChosen(row.id)}
      onChange={(event) => toggle(row.id, event.currentTarget.checked)}
    />
  );
  const cellsOf = (row: CommunityDefinedRow) =>
    row.cells.map((cell) => {
      const definition = definitions.find((d) => d.id === cell.id_definition);
      return { cell, name: definition?.name ?? "" };
    });

  const columns = [t("list.choose"), t("list.community"), ...definitions.map((d) => d.name)];
  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} data-community-id={row.id}>
      <Table.Td>{chooser(row)}</Table.Td>
      <Table.Td>
        <ItemTitle>{row.name}</ItemTitle>
        <Text size="xs" c="dimmed">
          {row.cif}
        </Text>
      </Table.Td>
      {cellsOf(row).map(({ cell, name }) => (
        <Table.Td key={cell.id_definition}>
          <CommunityCellView cell={cell} definitionName={name} communityName={row.name} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard key={row.id} data-community-id={row.id} actions={chooser(row)}>
      <ItemTitle>{row.name}</ItemTitle>
      <ItemMeta parts={[t("list.cif", { cif: row.cif })]} />
      <Stack gap={6} mt={4}>
        {cellsOf(row).map(({ cell, name }) => (
          <Group key={cell.id_definition} gap="xs" align="flex-start" wrap="nowrap">
            <Text size="sm" style={{ flex: "1 1 50%" }}>
              {name}
            </Text>
            <div style={{ flex: "1 1 50%", minWidth: 0 }}>
              <CommunityCellView cell={cell} definitionName={name} communityName={row.name} />
            </div>
          </Group>
        ))}
      </Stack>
    </ItemCard>
  ));

  return (
    <PageFrame title={tMenu("docs-comunidades")}>
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <GeneralSummary />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {list.answer && definitions.length === 0 ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="no-definitions">
              {t("list.no-definitions")}
            </Alert>
          ) : (
            <ManyUploadCard
              definitions={list.answer?.definitions ?? []}
              target={target}
              total={allCount}
              definitionId={definitionId}
              onDefinition={setDefinitionId}
              onChoosePage={choosePage}
              onChooseAll={() => setTarget({ kind: "all", except: new Set() })}
              onClear={() => setTarget(NONE)}
            />
          )}
        </Grid.Col>
      </Grid>
      <ListCard
        title={t("list.title")}
        icon={<IconBuildingCommunity size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="community-documents-cards"
        {...list.listProps}
        onSearch={onSearch}
      />
    </PageFrame>
  );
}
