import { Group, Table, Text, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ItemCard, ItemMeta, ItemTitle } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { listColumns } from "../../ui/listColumns";
import { shortComment, shownDateTime, spanText } from "./calendarDays";
import "./texts";

/** What a calendar list shows of an entry (the provider's and the porter's answers both have it). */
export interface ListedEntry {
  id: number;
  provider_name: string;
  startdate: string;
  enddate: string;
  comment: string;
}

interface CalendarEntriesCardProps<E extends ListedEntry> {
  title: string;
  entries: readonly E[];
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
 * A month's calendar entries (spec 02 §2 'Provider calendar': 'Otros Proveedores', 'Mis Fechas'; the porter's
 * tab): provider, start, end and comment in a table, a card each on a phone.
 */
export function CalendarEntriesCard<E extends ListedEntry>({
  title,
  entries,
  empty,
  actions,
  itemTestId,
  icon,
  headerActions,
}: CalendarEntriesCardProps<E>) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-entries" });
  const keys = actions ? ["provider", "start", "end", "comment", "actions"] : ["provider", "start", "end", "comment"];
  const endText = (entry: E) => shownDateTime(entry.enddate) || t("no-end");
  return (
    <ListCard
      title={title}
      icon={icon}
      actions={headerActions}
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
  );
}
