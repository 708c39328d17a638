import { type CommunityView, PAGE_SIZE, type PorterRow, readLight, uploadLight } from "@coordina/domain";
import { Anchor, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconDoor, IconEye, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useOutletContext } from "react-router";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { PorterMissingDuties } from "../../shared/lights/PorterMissingDuties";
import { PorterAddModal } from "../../shared/porter-registration/PorterAddModal";
import { ItemCard, ItemTitle } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { listColumns } from "../../ui/listColumns";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../ui/RowActions";
import { CountLight } from "../../ui/TrafficLight";
import { usePagedList } from "../../ui/usePagedList";
import { useDropPorter } from "./api/dropPorter";
import { fetchCommunityPorters } from "./api/fetchCommunityPorters";
import texts from "./es.json";
import { porterPath } from "./porterSections";

addTexts(texts);

type PorterSortKey = "email";

/**
 * A porter's mandatory uploads and reads there, each with its light (spec 02 §4) whose words name what is
 * missing (issue 21); `short` names them (a card).
 */
function Duties({ row, communityId, short = false }: { row: PorterRow; communityId: number; short?: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porters-page.short" });
  const source = { kind: "finca", communityId, porterId: row.id } as const;
  const uploaded = (
    <CountLight
      rule={uploadLight}
      what="uploaded"
      done={row.uploaded_count}
      required={row.upload_must}
      prefix={short && `${t("uploaded")} `}
      missing={(figures) => <PorterMissingDuties source={source} kind="upload" {...figures} />}
    />
  );
  const read = (
    <CountLight
      rule={readLight}
      what="read"
      done={row.read_count}
      required={row.read_must}
      prefix={short && `${t("read")} `}
      missing={(figures) => <PorterMissingDuties source={source} kind="read" {...figures} />}
    />
  );
  if (short)
    return (
      <Group gap="md">
        <span data-column="uploaded">{uploaded}</span>
        <span data-column="read">{read}</span>
      </Group>
    );
  return (
    <>
      <Table.Td data-column="uploaded">{uploaded}</Table.Td>
      <Table.Td data-column="read">{read}</Table.Td>
    </>
  );
}

/**
 * The porters of a community (spec 02 §2 'Porter management per community'): 4 a page from the server,
 * each with its mandatory uploads and reads there and their lights (§4), view (its documents) and, for the
 * community's administrator, 'Añadir' (the porter form) and remove with the question
 * porteros.drop-portero-confirm. The paths porteros and porteros/list show it; on a phone each porter is a card.
 */
export default function CommunityPortersPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "porters-page" });
  const { t: tAll } = useTranslation();
  const community = useOutletContext<CommunityView>();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const drop = useDropPorter(community.id);

  const list = usePagedList<PorterRow, PorterSortKey>(
    queryKeys.communityPorters,
    { id_finca: community.id },
    ({ page, limit, sortBy, sortDesc }) =>
      fetchCommunityPorters({ id_finca: community.id, page, limit, sortBy, sortDesc }),
    t("empty"),
    { limit: PAGE_SIZE.communityPorters, sort: null },
  );
  const actions = useRowActions((row: PorterRow) => row.id, {
    drop: {
      label: (row) => t("drop", { email: row.email }),
      ...TRASH,
      run: (row) => drop.mutateAsync(row.id),
      done: (row) => t("dropped", { email: row.email }),
      ask: {
        title: t("confirm-drop.title"),
        text: () => tAll("porteros.drop-portero-confirm"),
        cancelLabel: t("confirm-drop.cancel"),
        confirmLabel: t("confirm-drop.confirm"),
      },
    },
  });

  const columns = listColumns<PorterSortKey>(
    (key) => t(`columns.${key}`),
    [["email", "email"], ["uploaded"], ["read"], ["actions"]],
  );
  const emailLink = (row: PorterRow) => (
    <Anchor component={Link} to={porterPath(community.id, row)} fw={600} size="sm" style={{ wordBreak: "break-word" }}>
      {row.email}
    </Anchor>
  );
  const nameLine = (row: PorterRow) =>
    row.name !== row.email && (
      <Text size="xs" c="dimmed" style={{ wordBreak: "break-word" }}>
        {row.name}
      </Text>
    );
  const rowActions = (row: PorterRow) => (
    <Group gap={4} wrap="nowrap">
      <IconAction
        label={t("view", { email: row.email })}
        icon={<IconEye size={18} />}
        onClick={() => navigate(porterPath(community.id, row))}
      />
      {community.editable && <IconAction {...actions.button("drop", row)} />}
    </Group>
  );
  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} data-porter-id={row.id}>
      <Table.Td>
        {emailLink(row)}
        {nameLine(row)}
      </Table.Td>
      <Duties row={row} communityId={community.id} />
      <Table.Td>{rowActions(row)}</Table.Td>
    </Table.Tr>
  ));
  const cards = list.rows.map((row) => (
    <ItemCard key={row.id} data-porter-id={row.id} actions={rowActions(row)}>
      <ItemTitle>{emailLink(row)}</ItemTitle>
      {nameLine(row)}
      <Duties row={row} communityId={community.id} short />
    </ItemCard>
  ));

  return (
    <Stack gap="md">
      <RowActionHost actions={actions} testId="porters-notice" />
      <ListCard
        title={t("title")}
        icon={<IconDoor size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="porters-cards"
        {...list.listProps}
        // A community has one porter or a few: no search box.
        onSearch={undefined}
        actions={
          community.editable && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t("add")}
            </Button>
          )
        }
      />
      {community.editable && (
        <PorterAddModal
          opened={adding}
          communityId={community.id}
          onClose={() => setAdding(false)}
          onDone={(notice) => actions.setNotice(notice)}
        />
      )}
    </Stack>
  );
}
