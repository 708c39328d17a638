import { DEBOUNCE_MS } from "@coordina/domain";
import { Card, Group, Pagination, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ListCardProps {
  title: string;
  icon?: ReactNode;
  columns: string[];
  /** table rows; when empty `empty` is shown across the table */
  rows?: ReactNode[];
  empty: ReactNode;
  /** called 500 ms after typing stops (spec 01 §5) */
  onSearch?: (value: string) => void;
  page?: number;
  totalPages?: number;
  onPage?: (page: number) => void;
  /** optional 'Num:' footer */
  count?: number;
  actions?: ReactNode;
}

/** The generic list card of spec 01 §2: title, icon, search, pagination and an optional 'Num:' count. */
export function ListCard(props: ListCardProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS.search);
  const { onSearch } = props;
  useEffect(() => {
    onSearch?.(debounced);
  }, [debounced, onSearch]);
  const rows = props.rows ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="xs">
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
      <Table.ScrollContainer minWidth={500}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length > 0 ? (
              rows
            ) : (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {props.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="md">
        {props.count !== undefined ? (
          <Text size="sm">
            {t("app.num")} {props.count}
          </Text>
        ) : (
          <span />
        )}
        {props.totalPages !== undefined && props.totalPages > 1 && (
          <Pagination total={props.totalPages} value={props.page ?? 1} onChange={props.onPage} />
        )}
      </Group>
    </Card>
  );
}
