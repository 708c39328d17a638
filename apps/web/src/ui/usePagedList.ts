import { PAGE_SIZE } from "@coordina/domain";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../app/errorDialog";

const LIMIT = PAGE_SIZE.defaultRows;

interface PagedAnswer<Row> {
  data: Row[];
  count: number;
  /** the page size the server used (it may choose it when the request leaves `limit` out) */
  pagination?: { limit: number };
}

export interface PagedListOptions {
  /**
   * The page kept by the caller (e.g. in the address, so a reload keeps it) together with its setter;
   * without them the hook keeps the page in its own state, starting at 1.
   */
  page?: number;
  onPage?: (page: number) => void;
  /** rows per page (default PAGE_SIZE.defaultRows) */
  limit?: number;
}

/**
 * A list paged and searched on the server, shown in a ListCard: `name` is the query key's first part,
 * `key` what else the answer depends on (e.g. the sort). A list that cannot be read is shown empty with
 * the reason (spec 01 §8). `listProps` go to the ListCard as they are. A new search goes back to page 1;
 * the same search again (e.g. the empty one the ListCard reports on mount) keeps the page.
 */
export function usePagedList<Row>(
  name: string,
  key: object,
  fetch: (paging: { page: number; limit: number; filter: string }) => Promise<PagedAnswer<Row>>,
  emptyText: string,
  options: PagedListOptions = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ownPage, setOwnPage] = useState(1);
  const page = options.page ?? ownPage;
  const setPage = options.onPage ?? setOwnPage;
  const limit = options.limit ?? LIMIT;
  const [filter, setFilter] = useState("");
  const list = useQuery({
    queryKey: [name, { page, limit, filter, ...key }],
    queryFn: () => fetch({ page, limit, filter }),
    placeholderData: keepPreviousData,
  });
  // The latest filter and page setter, so that onSearch stays one function for the ListCard's effect.
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
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: [name] }), [queryClient, name]);

  const count = list.isError ? 0 : (list.data?.count ?? 0);
  return {
    rows: list.isError ? [] : (list.data?.data ?? []),
    /** the last load failed (the list shows the reason) */
    failed: list.isError,
    setPage,
    refresh,
    listProps: {
      empty: list.isError ? errorText(list.error) : list.isPending ? t("app.loading") : emptyText,
      onSearch,
      page,
      totalPages: Math.max(1, Math.ceil(count / (list.data?.pagination?.limit || limit))),
      onPage: setPage,
      count: list.data ? count : undefined,
      refreshing: list.isFetching,
    },
  };
}
