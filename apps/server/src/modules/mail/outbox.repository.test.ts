import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/helpers.js";
import type { Database } from "../../db/client.js";
import { queryRows } from "../../db/client.js";
import { insertOutbox, insertOutboxMany, type OutboxInsert } from "./outbox.repository.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe("insertOutboxMany", () => {
  it("stores every message as given, whatever its values hold, and answers their ids in the given order", async () => {
    const awkward = [
      "comillas \"dobles\" y 'simples'",
      'barra \\ invertida \\\\ y \\" juntas',
      "{llaves}, comas, y NULL",
      "NULL",
      "",
      "líneas\nnuevas\r\ny\ttabuladores",
      "ñ, €, 🏠 y 中文",
    ];
    // 21 messages: more than 10, so that an order by text ("10" before "2") would show
    const texts = [...awkward, ...awkward, ...awkward];
    const messages: OutboxInsert[] = texts.map((text, i) => ({
      kind: i % 2 ? "registry" : "colegio-inclusion",
      to: `persona${i}@example.test`,
      subject: `Asunto ${i}: ${text}`,
      template: i % 2 ? "registry" : "included",
      values: { companyName: text, link: `http://localhost/x?token=${i}`, nested: { list: [text, i, null, true] } },
    }));
    const ids = await insertOutboxMany(database.db, messages);
    expect(ids).toHaveLength(21);

    const stored = await queryRows<{
      id: number;
      kind: string;
      to_address: string;
      subject: string;
      template: string;
      template_values: object;
      status: string;
    }>(
      database.db,
      sql`select id, kind, to_address, subject, template, template_values, status from mail_outbox
          where id = any(${sql.param(ids)}::int[])`,
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(
      ids.map((id) => {
        const row = byId.get(id)!;
        return {
          kind: row.kind,
          to: row.to_address,
          subject: row.subject,
          template: row.template,
          values: row.template_values,
        };
      }),
    ).toEqual(messages);
    expect(stored.map((row) => row.status)).toEqual(messages.map(() => "pending"));
  });

  it("stores a lone surrogate (which jsonb refuses) as U+FFFD, as a text column does", async () => {
    const [id] = await insertOutboxMany(database.db, [
      {
        kind: "registry",
        to: "s@example.test",
        subject: "Asunto",
        template: "registry",
        values: { companyName: "A\ud800B" },
      },
    ]);
    const one = await insertOutbox(database.db, {
      kind: "registry",
      to: "s@example.test",
      subject: "Asunto",
      template: "registry",
      values: { companyName: "C\udc00D" },
    });
    const stored = await queryRows<{ name: string }>(
      database.db,
      sql`select template_values->>'companyName' as name from mail_outbox where id in (${id}, ${one}) order by id`,
    );
    expect(stored.map((r) => r.name)).toEqual(["A\ufffdB", "C\ufffdD"]);
  });

  it("stores nothing for no message", async () => {
    expect(await insertOutboxMany(database.db, [])).toEqual([]);
  });
});
