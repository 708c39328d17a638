import { DEBOUNCE_MS } from "@coordina/domain";
import {
  ActionIcon,
  Card,
  Group,
  NativeSelect,
  Pagination,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconChevronDown,
  IconChevronUp,
  IconSearch,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
} from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../app/i18n";
import texts from "./ListCard.es.json";
import { ResponsiveList, usePhone } from "./ResponsiveList";

addTexts(texts);

const CONTROL_LABELS = {
  first: "first-page",
  previous: "previous-page",
  next: "next-page",
  last: "last-page",
} as const;

/**
 * The names a screen reader gives a Pagination's buttons ('Página anterior', 'Página siguiente', 'Primera
 * página', 'Última página', 'Página 3'): spread them on every Pagination, whose arrows have no text.
 */
export function usePageLabels() {
  const { t } = useTranslation(undefined, { keyPrefix: "list-card" });
  return {
    getControlProps: (control: keyof typeof CONTROL_LABELS) => ({ "aria-label": t(CONTROL_LABELS[control]) }),
    getItemProps: (page: number) => ({ "aria-label": t("page", { page }) }),
  };
}

/** A column header; with `sortKey` the header sorts the list on the server when clicked. */
export interface ListColumn<S extends string = string> {
  label: string;
  sortKey?: S;
  /**
   * its width in pixels, for a column of short figures: without one the table shares its width by what
   * the cells hold, so the columns would move as the figures grow a digit
   */
  width?: number;
}

export interface SortState<S extends string> {
  by: S;
  dir: "ASC" | "DESC";
}

/** The next sort after clicking a column: a new column sorts ascending, the same one flips. */
export function nextSort<S extends string>(current: SortState<S> | null, key: S): SortState<S> {
  if (current?.by === key) return { by: key, dir: current.dir === "ASC" ? "DESC" : "ASC" };
  return { by: key, dir: "ASC" };
}

export interface ListCardProps<S extends string = string> {
  title: string;
  icon?: ReactNode;
  columns: (string | ListColumn<S>)[];
  sort?: SortState<S> | null;
  onSort?: (key: S) => void;
  /** table rows; when empty `empty` is shown across the table */
  rows?: ReactNode[];
  /**
   * the same rows as cards (ItemCard: name, a few facts, lights, main action, the rest in MoreActions), shown on
   * a phone instead of the table, with the sortable columns in a picker: every list has them, so that no list
   * scrolls sideways on a phone (issue 21 item 2)
   */
  cards: ReactNode[];
  /** the cards' list test id */
  cardsTestId?: string;
  empty: ReactNode;
  /** called 500 ms after typing stops (spec 01 §5) */
  onSearch?: (value: string) => void;
  page?: number;
  totalPages?: number;
  onPage?: (page: number) => void;
  /** optional 'Num:' footer */
  count?: number;
  /**
   * the rows shown are being (re)loaded: cached or previous figures, so the page is not corrected to the
   * last page there is until the answer is in
   */
  refreshing?: boolean;
  actions?: ReactNode;
}

function Header<S extends string>({ column, props }: { column: ListColumn<S>; props: ListCardProps<S> }) {
  const key = column.sortKey;
  const onSort = props.onSort;
  if (!key || !onSort) return <Table.Th w={column.width}>{column.label}</Table.Th>;
  const active = props.sort?.by === key ? props.sort.dir : null;
  const Icon = active === "ASC" ? IconChevronUp : active === "DESC" ? IconChevronDown : IconSelector;
  return (
    <Table.Th w={column.width} aria-sort={active === "ASC" ? "ascending" : active === "DESC" ? "descending" : "none"}>
      <UnstyledButton onClick={() => onSort(key)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A phone's sort: the sortable columns in a picker and a button that flips the order. */
function PhoneSort<S extends string>({ columns, props }: { columns: ListColumn<S>[]; props: ListCardProps<S> }) {
  const { t } = useTranslation(undefined, { keyPrefix: "list-card" });
  const { onSort, sort } = props;
  const sortable = columns.filter((column): column is ListColumn<S> & { sortKey: S } => column.sortKey !== undefined);
  if (!onSort || sortable.length === 0) return null;
  const descending = sort?.dir === "DESC";
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" mb="sm">
      <NativeSelect
        label={t("sort-by")}
        size="xs"
        style={{ flex: 1 }}
        value={sort?.by ?? ""}
        onChange={(event) => onSort(event.currentTarget.value as S)}
        data={[
          ...(sort ? [] : [{ value: "", label: t("no-sort"), disabled: true }]),
          ...sortable.map((column) => ({ value: column.sortKey, label: column.label })),
        ]}
      />
      <ActionIcon
        variant="default"
        size="lg"
        disabled={!sort}
        onClick={() => sort && onSort(sort.by)}
        aria-label={t(descending ? "descending" : "ascending")}
        title={t(descending ? "descending" : "ascending")}
      >
        {descending ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
      </ActionIcon>
    </Group>
  );
}

/** The list's rows, or its `empty` text across the table. */
function TableBody<S extends string>({ columns, props }: { columns: ListColumn<S>[]; props: ListCardProps<S> }) {
  const rows = props.rows ?? [];
  return (
    <Table.Tbody>
      {rows.length > 0 ? (
        rows
      ) : (
        <Table.Tr>
          <Table.Td colSpan={columns.length}>
            <Text c="dimmed" ta="center" py="md">
              {props.empty}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </Table.Tbody>
  );
}

/** The card around a list: title, icon, search and actions above; count and pagination below. */
function ListShell<S extends string>({ props, children }: { props: ListCardProps<S>; children: ReactNode }) {
  const { t } = useTranslation();
  const pageLabels = usePageLabels();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS.search);
  const { onSearch } = props;
  useEffect(() => {
    onSearch?.(debounced);
  }, [debounced, onSearch]);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          {props.icon}
          <Title order={4}>{props.title}</Title>
        </Group>
        <Group gap="xs">
          {props.onSearch && (
            <TextInput
              aria-label={t("app.search")}
              placeholder={t("app.search")}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          )}
          {props.actions}
        </Group>
      </Group>
      {children}
      <Group justify="space-between" mt="md">
        {props.count !== undefined ? (
          <Text size="sm">
            {t("app.num")} {props.count}
          </Text>
        ) : (
          <span />
        )}
        {props.totalPages !== undefined && props.totalPages > 1 && (
          <Pagination total={props.totalPages} value={props.page ?? 1} onChange={props.onPage} {...pageLabels} />
        )}
      </Group>
    </Card>
  );
}

/**
 * The generic list card of spec 01 §2: title, icon, search, optional server-side sorting by column,
 * pagination and an optional 'Num:' count. A phone shows the list's cards instead of its table.
 */
export function ListCard<S extends string = string>(props: ListCardProps<S>) {
  // Rows went away while the user was on a later page: go back to the last page there is.
  const { page, totalPages, onPage, count, refreshing } = props;
  useEffect(() => {
    if (refreshing) return;
    if (count !== undefined && page !== undefined && totalPages !== undefined && page > totalPages)
      onPage?.(totalPages);
  }, [count, page, totalPages, onPage, refreshing]);
  const phone = usePhone();
  const columns = props.columns.map((c) => (typeof c === "string" ? { label: c } : c));
  const table = (
    <Table.ScrollContainer minWidth={500}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Header key={column.label} column={column} props={props} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <TableBody columns={columns} props={props} />
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <ListShell props={props}>
      {phone && <PhoneSort columns={columns} props={props} />}
      <ResponsiveList
        table={table}
        cards={props.cards}
        empty={
          <Text c="dimmed" ta="center" py="md">
            {props.empty}
          </Text>
        }
        label={props.title}
        testId={props.cardsTestId}
      />
    </ListShell>
  );
}
