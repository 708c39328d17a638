import { PAGE_SIZE } from "@coordina/domain";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../app/errorDialog";

const LIMIT = PAGE_SIZE.defaultRows;

interface PagedAnswer<Row> {
  data: Row[];
  count: number;
}

/**
 * A list paged and searched on the server, shown in a ListCard: `name` is the query key's first part,
 * `key` what else the answer depends on (e.g. the sort). A list that cannot be read is shown empty with
 * the reason (spec 01 §8). `listProps` go to the ListCard as they are.
 */
export function usePagedList<Row>(
  name: string,
  key: object,
  fetch: (paging: { page: number; limit: number; filter: string }) => Promise<PagedAnswer<Row>>,
  emptyText: string,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState("");
  const list = useQuery({
    queryKey: [name, { page, filter, ...key }],
    queryFn: () => fetch({ page, limit: LIMIT, filter }),
    placeholderData: keepPreviousData,
  });
  const onSearch = useCallback((value: string) => {
    setFilter(value.trim());
    setPage(1);
  }, []);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: [name] }), [queryClient, name]);

  const count = list.isError ? 0 : (list.data?.count ?? 0);
  return {
    rows: list.isError ? [] : (list.data?.data ?? []),
    setPage,
    refresh,
    listProps: {
      empty: list.isError ? errorText(list.error) : list.isPending ? t("app.loading") : emptyText,
      onSearch,
      page,
      totalPages: Math.max(1, Math.ceil(count / LIMIT)),
      onPage: setPage,
      count: list.data ? count : undefined,
    },
  };
}
