import { ActionIcon, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { type ReactNode, useRef, useState } from "react";
import { showError } from "../app/errorDialog";
import { ConfirmDialog } from "./ConfirmDialog";
import { NoticeAlert } from "./NoticeAlert";

/** The look of a row action that deletes or removes its row: the red trash button. */
export const TRASH = { icon: <IconTrash size={18} />, color: "red" };

/** The question a row action asks before it runs (deactivate, delete…), in ConfirmDialog's words. */
export interface RowQuestion<Row> {
  title: string;
  text: (row: Row) => string;
  cancelLabel: string;
  confirmLabel: string;
}

/** One thing a list does to a row: its button, the call, the question before it (if any) and the notice after. */
export interface RowAction<Row> {
  /** does it; usually a mutation hook's mutateAsync, whose cache refresh reloads the list */
  run: (row: Row) => Promise<unknown>;
  /** its icon button in a row (see `button`): accessible name, tooltip (the name by default), icon, colour */
  label?: (row: Row) => string;
  hint?: string;
  icon?: ReactNode;
  color?: string;
  ask?: RowQuestion<Row>;
  /** the notice once it is done; none when undefined */
  done?: (row: Row) => ReactNode;
  /** what a failure shows: the error dialog with the server's reason unless said otherwise */
  failed?: (error: unknown) => void;
}

/**
 * The row actions of a list (the trash or switch button of a row, the confirmation, the notice above the
 * list), named: one at a time; the button of the action running spins and every other one waits. The page
 * shows `<RowActionHost>` where the notice goes and may set a notice of its own (added, saved…).
 */
export function useRowActions<Row, Name extends string>(
  idOf: (row: Row) => number | string,
  actions: Record<Name, RowAction<Row>>,
) {
  const [running, setRunning] = useState<{ name: Name; id: number | string } | null>(null);
  // The question stays painted while its dialog fades out.
  const [asked, setAsked] = useState<{ name: Name; row: Row } | null>(null);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);

  async function perform(name: Name, row: Row) {
    const action = actions[name];
    setRunning({ name, id: idOf(row) });
    setNotice(null);
    try {
      await action.run(row);
      const text = action.done?.(row);
      if (text !== undefined) setNotice(text);
    } catch (error) {
      (action.failed ?? showError)(error);
    } finally {
      setRunning(null);
    }
  }

  /** a row's button was pressed: the question first when the action has one */
  function start(name: Name, row: Row) {
    if (running) return;
    if (actions[name].ask) {
      setAsked({ name, row });
      setAsking(true);
    } else void perform(name, row);
  }
  const isRunning = (row: Row, name?: Name) =>
    running !== null && running.id === idOf(row) && (name === undefined || running.name === name);

  const ask = asked ? actions[asked.name].ask : undefined;
  return {
    start,
    /** the props of the action's IconAction in that row: it spins while it runs, waits while another one does */
    button(name: Name, row: Row): IconActionProps {
      const { label, hint, icon, color } = actions[name];
      return {
        label: label?.(row) ?? name,
        hint,
        icon,
        color,
        loading: isRunning(row, name),
        disabled: running !== null,
        onClick: () => start(name, row),
      };
    },
    /** that action (any, without `name`) runs on that row now */
    isRunning,
    /** the action running and its row, to show the row as it will be */
    running,
    /** some action runs: the other buttons wait */
    busy: running !== null,
    notice,
    setNotice,
    question: asked && ask ? { row: asked.row, ask, open: asking } : null,
    answer(confirmed: boolean) {
      setAsking(false);
      if (confirmed && asked) void perform(asked.name, asked.row);
    },
  };
}

/** The state useRowActions gives, for the pieces that show it. */
export interface RowActions<Row, Name extends string = string> {
  start: (name: Name, row: Row) => void;
  button: (name: Name, row: Row) => IconActionProps;
  isRunning: (row: Row, name?: Name) => boolean;
  busy: boolean;
  notice: ReactNode;
  setNotice: (notice: ReactNode) => void;
  question: { row: Row; ask: RowQuestion<Row>; open: boolean } | null;
  answer: (confirmed: boolean) => void;
}

/** What a list's row actions show: the notice (above the list) and the question's dialog. */
export function RowActionHost<Row, Name extends string>({
  actions,
  testId,
}: {
  actions: RowActions<Row, Name>;
  testId: string;
}) {
  const { notice, question } = actions;
  // The dialog stays mounted, closed, from the start: Mantine records where focus was only when a mounted
  // modal opens, so a dialog mounted already open would leave focus on <body> when it closes.
  const lastAsk = useRef<RowQuestion<Row> | null>(null);
  if (question) lastAsk.current = question.ask;
  const ask = lastAsk.current;
  return (
    <>
      {notice !== null && (
        <NoticeAlert onClose={() => actions.setNotice(null)} testId={testId}>
          {notice}
        </NoticeAlert>
      )}
      <ConfirmDialog
        subject={question?.open ? question.row : null}
        title={ask?.title ?? ""}
        text={(row: Row) => ask?.text(row) ?? ""}
        cancelLabel={ask?.cancelLabel ?? ""}
        confirmLabel={ask?.confirmLabel ?? ""}
        onClose={() => actions.answer(false)}
        onConfirm={() => actions.answer(true)}
      />
    </>
  );
}

export interface IconActionProps {
  /** the accessible name */
  label: string;
  /** the tooltip; the name by default */
  hint?: string;
  icon: ReactNode;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** The subtle icon button of a row (view, edit, download, a row action…) with its tooltip. */
export function IconAction({ label, hint = label, icon, color, loading, disabled, onClick }: IconActionProps) {
  return (
    <Tooltip label={hint}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
