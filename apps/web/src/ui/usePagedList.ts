import { PAGE_SIZE } from "@coordina/domain";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../app/errorDialog";
import { nextSort, type SortState } from "./ListCard";

const LIMIT = PAGE_SIZE.defaultRows;

interface PagedAnswer<Row> {
  data: Row[];
  count: number;
  /** the page size the server used (it may choose it when the request leaves `limit` out) */
  pagination?: { limit: number };
}

/** What the fetcher is asked for: the page, its size, the search and, in a sorted list, the sort. */
export interface Paging<S extends string = never> {
  page: number;
  limit: number;
  filter: string;
  /** the column sorted by; undefined: the server's order */
  sortBy?: S;
  sortDesc?: SortState<S>["dir"];
}

export interface PagedListOptions<S extends string = never> {
  /**
   * The page kept by the caller (e.g. in the address, so a reload keeps it) together with its setter;
   * without them the hook keeps the page in its own state, starting at 1.
   */
  page?: number;
  onPage?: (page: number) => void;
  /** rows per page (default PAGE_SIZE.defaultRows) */
  limit?: number;
  /**
   * The list sorts by column on the server, starting with this sort (null: the server's order). The hook
   * keeps the sort; a click on a column sorts by it ascending, a second click flips it, and either goes
   * back to page 1. Without it the columns do not sort.
   */
  sort?: SortState<S> | null;
}

/**
 * A list paged, searched and, with `options.sort`, sorted on the server, shown in a ListCard: `name` is
 * the query key's first part, `key` what else the answer depends on (e.g. a filter). A list that cannot be
 * read is shown empty with the reason (spec 01 §8). `listProps` go to the ListCard as they are. A new
 * search or sort goes back to page 1; the same search again (e.g. the empty one the ListCard reports on
 * mount) keeps the page.
 */
export function usePagedList<Row, S extends string = never, A extends object = PagedAnswer<Row>>(
  name: string,
  key: object,
  fetch: (paging: Paging<S>) => Promise<PagedAnswer<Row> & A>,
  emptyText: string,
  options: PagedListOptions<S> = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ownPage, setOwnPage] = useState(1);
  const page = options.page ?? ownPage;
  const setPage = options.onPage ?? setOwnPage;
  const limit = options.limit ?? LIMIT;
  const [filter, setFilter] = useState("");
  const sortable = options.sort !== undefined;
  const [sort, setSort] = useState<SortState<S> | null>(options.sort ?? null);
  const list = useQuery({
    queryKey: [name, { page, limit, filter, sort, ...key }],
    queryFn: () => fetch({ page, limit, filter, sortBy: sort?.by, sortDesc: sort?.dir }),
    placeholderData: keepPreviousData,
  });
  // The latest filter and page setter, so that onSearch and onSort stay one function each.
  const filterRef = useRef(filter);
  const setPageRef = useRef(setPage);
  setPageRef.current = setPage;
  const onSearch = useCallback((value: string) => {
    const next = value.trim();
    if (next === filterRef.current) return;
    filterRef.current = next;
    setFilter(next);
    setPageRef.current(1);
  }, []);
  const onSort = useCallback((by: S) => {
    setSort((current) => nextSort(current, by));
    setPageRef.current(1);
  }, []);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: [name] }), [queryClient, name]);

  const count = list.isError ? 0 : (list.data?.count ?? 0);
  return {
    rows: list.isError ? [] : (list.data?.data ?? []),
    /** the whole answer shown (what else it holds beside the rows), while there is one */
    answer: list.isError ? undefined : list.data,
    /** the last load failed (the list shows the reason) */
    failed: list.isError,
    setPage,
    refresh,
    listProps: {
      empty: list.isError ? errorText(list.error) : list.isPending ? t("app.loading") : emptyText,
      onSearch,
      sort,
      onSort: sortable ? onSort : undefined,
      page,
      totalPages: Math.max(1, Math.ceil(count / (list.data?.pagination?.limit || limit))),
      onPage: setPage,
      count: list.data ? count : undefined,
      refreshing: list.isFetching,
    },
  };
}
