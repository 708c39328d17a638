import type { OutboxRow } from "@coordina/domain";
import type { Db } from "../../db/client.js";
import { notFound } from "../../lib/app-error.js";
import { findOutbox, listOutbox, type OutboxSummary } from "./outbox.repository.js";
import { escapeHtml, outboxTexts } from "./templates.js";

function outboxRow(row: OutboxSummary): OutboxRow {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    created: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** The newest messages of the outbox, without their bodies. */
export async function recentMessages(db: Db, limit: number) {
  return (await listOutbox(db, limit)).map(outboxRow);
}

/** One message of the outbox with its text and its HTML (404 when there is none). */
export async function outboxMessage(db: Db, id: number) {
  const row = await findOutbox(db, id);
  if (!row) throw notFound();
  const stored = { template: row.template, template_values: row.templateValues, text: row.text, html: row.html };
  try {
    return { ...outboxRow(row), ...outboxTexts(stored) };
  } catch (err) {
    // a message this version cannot render: the viewer says so instead of failing
    const text = `(No se puede mostrar este mensaje: ${err instanceof Error ? err.message : String(err)})`;
    return { ...outboxRow(row), text, html: `<p>${escapeHtml(text)}</p>` };
  }
}
