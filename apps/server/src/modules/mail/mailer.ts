import os from "node:os";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db, DbOrTx } from "../../db/client.js";
import {
  type ClaimedMail,
  claimNext,
  insertOutbox,
  insertOutboxMany,
  markFailed,
  markSent,
} from "./outbox.repository.js";
import { type OutboxMail, outboxTexts } from "./templates.js";

export interface MailSettings {
  /** how often the worker looks for due messages besides being nudged after each enqueue */
  pollMs: number;
  /** first retry delay; doubles per attempt up to maxDelayMs */
  baseDelayMs: number;
  maxDelayMs: number;
  /** attempts before a message is marked failed (kept, never deleted) */
  maxAttempts: number;
  /** how long a claimed message is reserved for one worker (well above the SMTP timeouts) */
  leaseMs: number;
}

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  pollMs: 5_000,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 12,
  leaseMs: 120_000,
};

function retryDelayMs(attempts: number, settings: MailSettings): number {
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** SMTP transport from `smtp://user:pass@host:port` (or `smtps://`), with timeouts so a hung server fails. */
export function smtpTransport(url: string): Transporter {
  const u = new URL(url);
  const secure = u.protocol === "smtps:";
  return nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * The outbox and its worker. `enqueue` writes a message in the caller's transaction (so a mail exists
 * exactly when what caused it was stored); `nudge` after commit makes the worker send at once, off the
 * request. Without SMTP the messages stay in the outbox (development mail viewer) and the link is logged.
 */
export class Mailer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  readonly from: string;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly transport: Transporter | null,
    readonly settings: MailSettings,
    from: string,
  ) {
    this.from = from;
  }

  async enqueue(db: DbOrTx, kind: string, to: string, mail: OutboxMail): Promise<number> {
    const id = await insertOutbox(db, {
      kind,
      to,
      subject: mail.subject,
      template: mail.template,
      values: mail.values,
    });
    this.logHeld([id], [{ kind, to, mail }]);
    return id;
  }

  /**
   * `enqueue` for many messages at once (an import's batch): a statement per thousand, in the caller's
   * transaction. Call `nudge` after the commit, as for `enqueue`.
   */
  async enqueueMany(
    db: DbOrTx,
    messages: readonly { kind: string; to: string; mail: OutboxMail }[],
  ): Promise<number[]> {
    const ids = await insertOutboxMany(
      db,
      messages.map(({ kind, to, mail }) => ({
        kind,
        to,
        subject: mail.subject,
        template: mail.template,
        values: mail.values,
      })),
    );
    this.logHeld(ids, messages);
    return ids;
  }

  /** No SMTP server: the outbox (and this log line) is where the link can be found. */
  private logHeld(ids: readonly number[], messages: readonly { kind: string; to: string; mail: OutboxMail }[]) {
    if (this.transport) return;
    messages.forEach(({ kind, to, mail }, index) => {
      if (mail.link)
        this.log.info(
          { outboxId: ids[index], kind, to, link: mail.link },
          "correo retenido en el buzón (sin SMTP_URL)",
        );
    });
  }

  start() {
    if (!this.transport || !this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.settings.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Runs the worker soon; a run in progress runs once more so nothing enqueued meanwhile waits. */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, "mail worker failed"))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.nudge();
        }
      });
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  private async drain() {
    while (!this.stopped) {
      const mail = await claimNext(this.db, this.settings.leaseMs);
      if (!mail) return;
      await this.sendOne(mail);
    }
  }

  private async sendOne(mail: ClaimedMail) {
    // A stable Message-ID per outbox row: a receiver can recognise a retry of the same message.
    const messageId = `<outbox-${mail.id}.${os.hostname()}@coordina>`;
    let content: { text: string; html: string };
    try {
      content = outboxTexts(mail);
    } catch (err) {
      // A message that cannot be rendered (a template this version does not know, values it cannot read)
      // will not render on a retry either: given up at once, kept with its values (links spent).
      const message = err instanceof Error ? err.message : String(err);
      await markFailed(this.db, mail, message, 0, true, null);
      this.log.error({ outboxId: mail.id, kind: mail.kind, error: message }, "mail given up: it cannot be rendered");
      return;
    }
    try {
      const info = await this.transport!.sendMail({
        from: this.from,
        to: mail.to_address,
        subject: mail.subject,
        text: content.text,
        html: content.html,
        messageId,
      });
      await markSent(this.db, mail, (info as { messageId?: string }).messageId ?? messageId, content);
      this.log.info({ outboxId: mail.id, kind: mail.kind, attempts: mail.attempts }, "mail sent");
    } catch (err) {
      const final = mail.attempts >= this.settings.maxAttempts;
      const delay = retryDelayMs(mail.attempts, this.settings);
      const message = err instanceof Error ? err.message : String(err);
      await markFailed(this.db, mail, message, delay, final, content);
      this.log.warn(
        {
          outboxId: mail.id,
          kind: mail.kind,
          attempts: mail.attempts,
          retryInMs: final ? null : delay,
          error: message,
        },
        final ? "mail given up" : "mail send failed; will retry",
      );
    }
  }
}
