import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { vi } from "vitest";
import { createTestApp, type TestContext, testConfig } from "./helpers.js";

/**
 * A real SMTP server in the test process: it receives what the mail worker sends, parsed with mailparser.
 * It can be stopped and started again on the same port (an SMTP server that is down for a while).
 */
export class TestSmtp {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string) {
    return this.messages.filter((m) => toAddresses(m).includes(address.toLowerCase()));
  }

  /** Waits until `count` messages have reached `address` (the worker sends off the request). */
  waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<ParsedMail[]> {
    return vi.waitFor(
      () => {
        const found = this.to(address);
        if (found.length < count) throw new Error(`no ${count} mail(s) for ${address} (got ${found.length})`);
        return found;
      },
      { timeout: timeoutMs, interval: 25 },
    );
  }
}

function toAddresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
}

/** The token of the first Coordina link in a mail's text part (`…#/recovery?token=…`). */
export function linkToken(mail: ParsedMail): { page: string; token: string; url: string } {
  const match = /(https?:\/\/\S+\/webapp\/#\/(recovery|invitation)\?token=([A-Za-z0-9_-]+))/.exec(mail.text ?? "");
  if (!match) throw new Error(`no link in mail: ${mail.subject}`);
  return { url: match[1]!, page: match[2]!, token: match[3]! };
}

/** Fast worker timings for tests. */
export const FAST_MAIL = { pollMs: 100, baseDelayMs: 150, maxDelayMs: 400, leaseMs: 5_000 };

export interface MailTestContext extends TestContext {
  smtp: TestSmtp;
}

/**
 * The whole app with its mail going to a fresh in-process SMTP server, with fast worker timings;
 * `env` adds settings (PUBLIC_URL…). `close()` stops both.
 */
export async function createMailTestApp(
  options: Omit<Parameters<typeof createTestApp>[0] & object, "config" | "mail"> & {
    env?: Record<string, string>;
  } = {},
): Promise<MailTestContext> {
  const { env, ...rest } = options;
  const smtp = await new TestSmtp().start();
  const ctx = await createTestApp({ ...rest, config: testConfig({ SMTP_URL: smtp.url, ...env }), mail: FAST_MAIL });
  return {
    ...ctx,
    smtp,
    async close() {
      await ctx.close();
      await smtp.stop();
    },
  };
}
