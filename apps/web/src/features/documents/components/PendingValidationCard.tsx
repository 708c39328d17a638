import { Button, Group, Table, Text } from "@mantine/core";
import { IconArrowBackUp, IconEye, IconShieldCheck } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { queryKeys } from "../../../app/queryKeys";
import { useValidateDocument } from "../../../shared/documents/api/validateDocument";
import { ValidationState } from "../../../shared/documents/DocumentCard";
import { ExpiryIndicator } from "../../../shared/documents/ExpiryIndicator";
import { formatFileSize } from "../../../ui/fileSize";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { openFile } from "../../../ui/openFile";
import { IconAction, RowActionHost, useRowActions } from "../../../ui/RowActions";
import { usePagedList } from "../../../ui/usePagedList";
import { fetchPendingValidation, type PendingValidationRow } from "../api/fetchPendingValidation";
import { type HeldRow, HOLD_MS, withHeld } from "../heldRows";

const idOf = (row: PendingValidationRow) => row.document.id;

/**
 * The documents validated here that the list keeps showing, 'Validado' with 'Deshacer', though the server
 * no longer counts them as pending: each for HOLD_MS once saved, where it was on its page (first on another
 * page), and never after the user leaves the screen (the state goes with it).
 */
function useHeldRows(page: number) {
  const [held, setHeld] = useState<(HeldRow<PendingValidationRow> & { page: number })[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // Gone with the screen: a save answered after the user left starts no countdown.
  const alive = useRef(true);
  useEffect(() => {
    const pending = timers.current;
    alive.current = true;
    return () => {
      alive.current = false;
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);
  const stopTimer = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  };
  const release = (id: number) => {
    stopTimer(id);
    setHeld((rows) => rows.filter((h) => idOf(h.row) !== id));
  };
  return {
    /**
     * the rows held where they were on their page, and on any page the list shows meanwhile: validating the
     * last row of the last page takes that page away, and the list moves back one (ListCard)
     */
    onPage: held.map((h) => (h.page === page ? h : { ...h, index: 0 })),
    isHeld: (row: PendingValidationRow) => held.some((h) => idOf(h.row) === idOf(row)),
    /** keeps `row`, validated, at `index` of this page (its countdown starts with `countDown`) */
    hold(row: PendingValidationRow, index: number) {
      const id = idOf(row);
      stopTimer(id);
      const kept = { row: { ...row, document: { ...row.document, validated: true } }, index, page };
      setHeld((rows) => [...rows.filter((h) => idOf(h.row) !== id), kept]);
    },
    countDown(row: PendingValidationRow) {
      const id = idOf(row);
      stopTimer(id);
      if (alive.current)
        timers.current.set(
          id,
          setTimeout(() => release(id), HOLD_MS),
        );
    },
    /** it stays while its undoing is saved: no countdown may take it away meanwhile */
    stopTimer: (row: PendingValidationRow) => stopTimer(idOf(row)),
    release: (row: PendingValidationRow) => release(idOf(row)),
  };
}

/**
 * The colegio's validation screen (spec 02 §2 'Mandatory documents': validators get a validation screen):
 * the documents waiting for its validation, each with the switch that validates it at once and open. A
 * document validated here stays in its place for a while, 'Validado' with 'Deshacer' (issue 21), which puts
 * it back to pending on the server; then it leaves the list.
 */
export function PendingValidationCard() {
  const { t } = useTranslation(undefined, { keyPrefix: "documents-page.validation" });
  const { t: tAll } = useTranslation();
  const validate = useValidateDocument();
  const list = usePagedList<PendingValidationRow>(queryKeys.pendingValidation, {}, fetchPendingValidation, t("empty"));
  const held = useHeldRows(list.listProps.page);
  const shown = withHeld(list.rows, held.onPage, idOf);
  const named = (row: PendingValidationRow) => ({ name: row.document.fileupload.name, company: row.company_name });
  const actions = useRowActions(idOf, {
    validate: {
      run: async (row: PendingValidationRow) => {
        // Held before the list reloads without it, so that it never blinks out.
        const index = shown.findIndex((r) => idOf(r) === idOf(row));
        held.hold(row, index < 0 ? shown.length : index);
        try {
          await validate.mutateAsync({ id: row.document.id, valid: true });
        } catch (error) {
          held.release(row);
          throw error;
        }
        held.countDown(row);
      },
      done: (row) => t("validated", named(row)),
    },
    undo: {
      run: async (row: PendingValidationRow) => {
        held.stopTimer(row);
        try {
          await validate.mutateAsync({ id: row.document.id, valid: false });
        } catch (error) {
          held.countDown(row);
          throw error;
        }
        // The list has reloaded with it pending again: the server's row takes its place.
        held.release(row);
      },
      done: (row) => t("undone", named(row)),
    },
  });

  const columns = ["document", "definition", "company", "expiry", "validation", "actions"].map((c) =>
    t(`columns.${c}`),
  );
  // The pieces of a document's row, in the table and on its card alike.
  /** the switch being saved shows its new position until the list reloads */
  const validatedOf = (row: PendingValidationRow) =>
    actions.isRunning(row) ? actions.isRunning(row, "validate") : row.document.validated;
  const validation = (row: PendingValidationRow) => {
    const { document } = row;
    const kept = held.isHeld(row);
    const validated = validatedOf(row);
    return (
      <Group gap="xs" wrap="nowrap">
        <ValidationState
          validated={validated}
          required
          canValidate
          saving={actions.busy}
          onChange={(valid) => actions.start(valid ? "validate" : "undo", row)}
        />
        {kept && document.validated && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={actions.isRunning(row, "undo")}
            disabled={actions.busy}
            onClick={() => actions.start("undo", row)}
            aria-label={t("undo-named", named(row))}
          >
            {t("undo")}
          </Button>
        )}
      </Group>
    );
  };
  const viewButton = (row: PendingValidationRow) => (
    <IconAction
      label={tAll("document-boxes.actions.view")}
      icon={<IconEye size={18} />}
      onClick={() => void openFile(row.document.fileupload.id, "view")}
    />
  );

  const rows = shown.map((row) => {
    const { document } = row;
    const file = document.fileupload;
    const validated = validatedOf(row);
    return (
      <Table.Tr key={document.id} data-testid="pending-validation-row" data-validated={validated}>
        <Table.Td>
          <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)} · {formatDate(file.created)}
          </Text>
        </Table.Td>
        <Table.Td>{row.definition_name}</Table.Td>
        <Table.Td>
          <Text size="sm">{row.company_name}</Text>
          <Text size="xs" c="dimmed">
            {tAll(`roles.${row.company_type}`)}
          </Text>
        </Table.Td>
        <Table.Td>
          <ExpiryIndicator obsolete={file.obsolete} needsExpiry={document.needs_expiry} />
        </Table.Td>
        <Table.Td>{validation(row)}</Table.Td>
        <Table.Td>{viewButton(row)}</Table.Td>
      </Table.Tr>
    );
  });

  // On a phone each document is a card: file, definition, company and expiry, the switch and 'Ver'.
  const cards = shown.map((row) => {
    const { document } = row;
    const file = document.fileupload;
    return (
      <ItemCard
        key={document.id}
        data-testid="pending-validation-card"
        data-validated={validatedOf(row)}
        actions={
          <Group gap="xs" wrap="wrap">
            {validation(row)}
            {viewButton(row)}
          </Group>
        }
      >
        <ItemTitle>{file.name}</ItemTitle>
        <ItemMeta parts={[formatFileSize(file.size), formatDate(file.created)]} />
        <Text size="sm">{row.definition_name}</Text>
        <ItemMeta parts={[row.company_name, tAll(`roles.${row.company_type}`)]} />
        <ExpiryIndicator obsolete={file.obsolete} needsExpiry={document.needs_expiry} />
      </ItemCard>
    );
  });

  return (
    <>
      <RowActionHost actions={actions} testId="validation-notice" />
      <ListCard
        title={t("title")}
        icon={<IconShieldCheck size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="pending-validation-cards"
        {...list.listProps}
      />
    </>
  );
}
