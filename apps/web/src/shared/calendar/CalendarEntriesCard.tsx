import { Box, Group, Loader, Table, Text, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { listColumns } from "../../ui/listColumns";
import { pagesOf, shortComment, shownDateTime, spanText } from "./calendarDays";
import "./texts";

/** What a calendar list shows of an entry (the provider's and the porter's answers both have it). */
export interface ListedEntry {
  id: number;
  provider_name: string;
  startdate: string;
  enddate: string;
  comment: string;
}

/** What a calendar list shows of the page the server answered (either call's answer has it). */
export interface ListedPage<E extends ListedEntry> {
  calendar: readonly E[];
  /** the entries on that side and day, on every page */
  count: number;
  pagination: { limit: number };
}

/** The page a list shows and how it turns (the page is the caller's: a new month or day starts it again). */
export interface ListPaging {
  page: number;
  onPage: (page: number) => void;
  /** the list is being (re)loaded: the answer shown may be the previous page's, so the page is not corrected yet */
  refreshing: boolean;
  /**
   * the rows shown are another day's or page's of the month, kept while the ones asked for load: the list says
   * so (a spinner, `aria-busy`) instead of showing them as the day's
   */
  stale: boolean;
}

interface CalendarEntriesCardProps<E extends ListedEntry> {
  title: string;
  answer: ListedPage<E>;
  paging: ListPaging;
  empty: string;
  /** the buttons of an entry (delete, coincidences); none: a read-only list without the actions column */
  actions?: (entry: E) => ReactNode;
  /** the test id of each row and card */
  itemTestId: string;
  icon?: ReactNode;
  headerActions?: ReactNode;
}

/** Spec 02 §9: the first 30 characters of the comment, the whole of it in a tooltip (focusable when cut). */
function Comment({ comment }: { comment: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-entries" });
  if (!comment.trim())
    return (
      <Text size="sm" c="dimmed" span>
        {t("no-comment")}
      </Text>
    );
  const { shown, cut } = shortComment(comment);
  if (!cut)
    return (
      <Text size="sm" span style={{ wordBreak: "break-word" }}>
        {comment}
      </Text>
    );
  return (
    <Tooltip label={comment} multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" span tabIndex={0} aria-label={comment} style={{ wordBreak: "break-word" }}>
        {shown}
      </Text>
    </Tooltip>
  );
}

/**
 * A page of a month's or a day's calendar entries (spec 02 §2 'Provider calendar': 'Otros Proveedores', 'Mis
 * Fechas'; the porter's tab), as the server paged them: provider, start, end and comment in a table, a card
 * each on a phone; their number and the pages under it.
 */
export function CalendarEntriesCard<E extends ListedEntry>({
  title,
  answer,
  paging,
  empty,
  actions,
  itemTestId,
  icon,
  headerActions,
}: CalendarEntriesCardProps<E>) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-entries" });
  const keys = actions ? ["provider", "start", "end", "comment", "actions"] : ["provider", "start", "end", "comment"];
  const endText = (entry: E) => shownDateTime(entry.enddate) || t("no-end");
  const entries = answer.calendar;
  return (
    <Box aria-busy={paging.stale || undefined} data-stale={paging.stale || undefined}>
      <ListCard
        title={title}
        page={paging.page}
        totalPages={pagesOf(answer.count, answer.pagination.limit)}
        onPage={paging.onPage}
        count={answer.count}
        refreshing={paging.refreshing}
        icon={icon}
        actions={
          paging.stale || headerActions ? (
            <Group gap="xs" wrap="nowrap">
              {paging.stale && <Loader size="xs" role="status" aria-label={t("loading")} />}
              {headerActions}
            </Group>
          ) : undefined
        }
        columns={listColumns(
          (key) => t(`columns.${key}`),
          keys.map((key) => [key] as const),
        )}
        empty={empty}
        rows={entries.map((entry) => (
          <Table.Tr key={entry.id} data-testid={itemTestId}>
            <Table.Td>{entry.provider_name}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{shownDateTime(entry.startdate)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{endText(entry)}</Table.Td>
            <Table.Td>
              <Comment comment={entry.comment} />
            </Table.Td>
            {actions && (
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {actions(entry)}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        cards={entries.map((entry) => (
          <ItemCard
            key={entry.id}
            data-testid={itemTestId}
            actions={actions ? <Group gap={4}>{actions(entry)}</Group> : null}
          >
            <ItemTitle>{entry.provider_name}</ItemTitle>
            <ItemMeta parts={[spanText(entry.startdate, entry.enddate)]} />
            <Comment comment={entry.comment} />
          </ItemCard>
        ))}
      />
    </Box>
  );
}
