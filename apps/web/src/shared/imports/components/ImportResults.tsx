import { ErrorKey, type ImportKind, type ImportRow, type ImportRun } from "@coordina/domain";
import { Box, Group, Loader, Pagination, Stack, Switch, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleMinus, IconCircleXFilled } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { ItemCard, ItemTitle } from "../../../ui/ItemCard";
import { usePageLabels } from "../../../ui/ListCard";
import { ResponsiveList } from "../../../ui/ResponsiveList";
import { importRowsQuery } from "../api/importRows";
import { type OutcomeTone, problemsOf, RESULT_ROWS_PER_PAGE, rowData, toneOf } from "../importRules";
import { importText } from "../importText";

const TONE_COLOR: Record<OutcomeTone, string> = { done: "green", problem: "red", neutral: "gray" };

/** The marker of a row's result, named for a screen reader: green imported, red wrong, grey nothing done. */
function OutcomeMark({ tone }: { tone: OutcomeTone }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer.outcome" });
  const Icon = tone === "done" ? IconCircleCheckFilled : tone === "problem" ? IconCircleXFilled : IconCircleMinus;
  return (
    <Icon
      size={16}
      role="img"
      aria-label={t(tone)}
      color={`var(--mantine-color-${TONE_COLOR[tone]}-7)`}
      style={{ flex: "none" }}
    />
  );
}

/**
 * What a row's 'Resultado' says: the server's message, or why a row without one has none (the run stopped
 * at validation, or was interrupted before it).
 */
function useResultText(run: ImportRun) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  return (row: ImportRow): string => {
    if (row.message) return importText(row.message.key, row.message.params);
    if (row.outcome === null) {
      if (run.status === "interrupted") return importText(ErrorKey.importRowInterrupted);
      return t(run.counts.invalid > 0 ? "fine-not-imported" : "waiting");
    }
    return t(`outcome.${toneOf(row.outcome)}`);
  };
}

/** The rows' first page is on its way. */
function LoadingRows() {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  return (
    <Group justify="center" py="sm" data-testid="import-rows-loading">
      <Loader size="sm" aria-hidden />
      <VisuallyHidden>{t("loading-rows")}</VisuallyHidden>
    </Group>
  );
}

function Result({ row, text }: { row: ImportRow; text: string }) {
  const tone = toneOf(row.outcome);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <OutcomeMark tone={tone} />
      <Text size="sm" c={tone === "problem" ? "red.9" : undefined} style={{ wordBreak: "break-word" }}>
        {text}
      </Text>
    </Group>
  );
}

/**
 * The results table (spec 01 §2: row, data, result) of a stopped run, 10 rows a page read from the server;
 * 'Ver solo errores' keeps the wrong rows, and starts on when there are any. On a phone each row is a card.
 * While a page loads, the one before stays dimmed; rows of the other filter are never shown meanwhile.
 */
export function ImportResults({ run, kind }: { run: ImportRun; kind: ImportKind }) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const [onlyProblems, setOnlyProblems] = useState(problemsOf(run) > 0);
  const [page, setPage] = useState(1);
  const rows = useQuery(importRowsQuery({ runId: run.id, page, onlyProblems, version: run.status }));
  const resultText = useResultText(run);
  const pageLabels = usePageLabels();

  const list = rows.data?.data ?? [];
  const totalPages = Math.max(1, Math.ceil((rows.data?.count ?? 0) / RESULT_ROWS_PER_PAGE));
  const empty = rows.isPending ? (
    <LoadingRows />
  ) : (
    <Text c={rows.isError ? "red.9" : "gray.7"} ta="center" py="sm" size="sm">
      {rows.isError ? t("rows-error", { reason: errorText(rows.error) }) : t(onlyProblems ? "no-problems" : "empty")}
    </Text>
  );

  const columns = [t("columns.row"), t("columns.data"), t("columns.result")];
  const table = (
    <Table.ScrollContainer minWidth={500}>
      <Table striped aria-label={t("results")} data-testid="import-results">
        <Table.Thead>
          <Table.Tr>
            {columns.map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length > 0 ? (
            list.map((row) => (
              <Table.Tr key={row.row} data-outcome={row.outcome ?? "none"}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td style={{ wordBreak: "break-word" }}>{rowData(kind, row.values)}</Table.Td>
                <Table.Td>
                  <Result row={row} text={resultText(row)} />
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  const cards = list.map((row) => (
    <ItemCard key={row.row} data-outcome={row.outcome ?? "none"} actions={null}>
      <ItemTitle>{t("row", { row: row.row })}</ItemTitle>
      <Text size="xs" c="gray.7" style={{ wordBreak: "break-word" }}>
        {rowData(kind, row.values)}
      </Text>
      <Result row={row} text={resultText(row)} />
    </ItemCard>
  ));

  return (
    <Stack gap="xs">
      <Switch
        label={t("only-problems")}
        checked={onlyProblems}
        onChange={(event) => {
          setOnlyProblems(event.currentTarget.checked);
          setPage(1);
        }}
      />
      <Box
        aria-busy={rows.isPlaceholderData}
        style={{ opacity: rows.isPlaceholderData ? 0.5 : 1, transition: "opacity 150ms" }}
        data-testid="import-results-list"
      >
        <ResponsiveList table={table} cards={cards} empty={empty} label={t("results")} testId="import-result-cards" />
      </Box>
      {totalPages > 1 && (
        <Group justify="center">
          <Pagination total={totalPages} value={page} onChange={setPage} size="sm" {...pageLabels} />
        </Group>
      )}
    </Stack>
  );
}
