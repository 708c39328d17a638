import { type CalendarNotice, ErrorKey } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { entryAt } from "../../../test/calendar-world.js";
import { buildDocumentsWorld, type DocumentsWorld } from "../../../test/documents-world.js";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  expectError,
  onPostgres,
  outboxMessagesTo,
  outboxTo,
  type TestContext,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { ensureProviderLink } from "../../db/seed/builders.js";
import { NOTICE_LINK_RATE } from "./notice-links.service.js";

/**
 * The notices of the calendar's coincidences (issue 22): made and sent by the provider whose visit
 * coincides, mailed once to the other provider and the administrator, answered 'Enterado', read per
 * month. On the documents world (test/documents-world.ts): C1 (the demo administrator's) is served by P1
 * ('gremio', Ascensores Levante), P3 ('p3', Zeta Limpiezas) and here also P0 ('p0', Jardines Olivo);
 * P2 serves only admin2's R1; colegio B's pB and adminB are another tenant.
 *
 * Visits in C1 on Tuesday 1 December 2026, Madrid time (UTC+1): P1 09:00–12:00, P3 10:00–13:00 ('Limpieza
 * de portal'), P0 11:00–14:00; P1 has one more in C2 that coincides with nothing.
 */
let ctx: TestContext;
let w: DocumentsWorld;
const db = () => ctx.database.db;
const post = (token: string | undefined, url: string, body: object = {}, ip?: string) =>
  call(ctx.app, "POST", url, { token, body, ...(ip ? { ip } : {}) });

const SEND = "/companies/calendar-fincas/send";
const MAIL = "/notify/notification-queues/send";
const ACK = "/companies/calendar-fincas/acknowledge";
const LIST = "/companies/calendar-fincas/notices";
const LINK = "/calendar/notice-link";
const ACK_LINK = "/calendar/acknowledge-link";

const P1_MAIL = "proveedor@coordina.test";
const P3_MAIL = "zeta@limpiezas.test";
const P0_MAIL = "jardines@olivo.test";
const ADMIN_MAIL = "admin@coordina.test";

const e = {} as Record<"p1" | "p3" | "p0" | "p1InC2", number>;
const DECEMBER = { year: 2026, month: 12 };

async function userId(email: string) {
  const [row] = await queryRows<{ id: number }>(db(), sql`select id from users where email = ${email}`);
  return row!.id;
}
async function entry(communityId: number, providerCompanyId: number, email: string, from: string, to: string) {
  const id = await entryAt(db(), {
    communityId,
    providerCompanyId,
    createdByUserId: await userId(email),
    startsAt: new Date(from),
    endsAt: new Date(to),
    comment: providerCompanyId === w.P3.id ? "Limpieza de portal" : "",
    notify: true,
  });
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildDocumentsWorld(ctx);
  await ensureProviderLink(db(), w.C1.id, w.P0.id);
  e.p1 = await entry(w.C1.id, w.P1.id, P1_MAIL, "2026-12-01T08:00:00Z", "2026-12-01T11:00:00Z");
  e.p3 = await entry(w.C1.id, w.P3.id, P3_MAIL, "2026-12-01T09:00:00Z", "2026-12-01T12:00:00Z");
  e.p0 = await entry(w.C1.id, w.P0.id, P0_MAIL, "2026-12-01T10:00:00Z", "2026-12-01T13:00:00Z");
  e.p1InC2 = await entry(w.C2.id, w.P1.id, P1_MAIL, "2026-12-01T08:00:00Z", "2026-12-01T11:00:00Z");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

async function notify(token: string, id: number, cons: { kind: string; ref: number }[]) {
  const res = await post(token, SEND, { id, cons });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notifications as { id: number; sent: boolean }[];
}
/** P1's notice to P3 of their coincidence, made (not sent). */
async function p1ToP3() {
  const [notice] = await notify(w.t.gremio, e.p1, [{ kind: "entry", ref: e.p3 }]);
  return notice!.id;
}
async function mailed(token: string, id: number) {
  const res = await post(token, MAIL, { id });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ result: true, event: { id } });
}
async function list(token: string, body: object = { ...DECEMBER, id_finca: w.C1.id }) {
  const res = await post(token, LIST, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CalendarNotice[];
}
/** The token of the 'Enterado' link in the last mail to `to`. */
async function ackToken(to: string) {
  const mails = await outboxMessagesTo(db(), to);
  const match = /\/webapp\/#\/aviso\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? "");
  expect(match, "an 'Enterado' link").not.toBeNull();
  return match![1]!;
}
async function noticeRow(id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`select kind, coincidence_key, other_entry_id, other_schedule_id, from_company_id, to_company_id,
          created_by_user_id, overlap_start, overlap_end, sent_at, ack_token_hash,
          acknowledged_at, acknowledged_by_user_id
        from calendar_notices where id = ${id}`,
  );
  return row!;
}
const noticeMails = async (id: number) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from calendar_notice_mails where notice_id = ${id}`,
    )
  )[0]!.n;

/** P1's notice to P3 as it reads before it is sent or answered, as `can_acknowledge` says. */
const p1ToP3Shown = (id: number, can_acknowledge: boolean): CalendarNotice => ({
  id,
  id_finca: w.C1.id,
  finca_name: "Comunidad de Propietarios Calle Mayor 10",
  kind: "entry",
  id_entry: e.p1,
  from_provider: { id: w.P1.id, name: "Ascensores Levante S.L." },
  to_provider: { id: w.P3.id, name: "Zeta Limpiezas S.L." },
  startdate: "2026-12-01 09:00",
  enddate: "2026-12-01 12:00",
  overlap_start: "2026-12-01 10:00",
  overlap_end: "2026-12-01 12:00",
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
  sent_at: null,
  delivered_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  can_acknowledge,
});

describe("companies/calendar-fincas/send: the notices of an entry's coincidences", () => {
  it("stores one notice per chosen coincidence, recomputed, and answers the same ones when pressed again", async () => {
    const cons = [
      { kind: "entry", ref: e.p3 },
      { kind: "entry", ref: e.p0 },
    ];
    const first = await notify(w.t.gremio, e.p1, cons);
    expect(first).toHaveLength(2);
    expect(first.every((n) => n.sent === false)).toBe(true);
    expect(await notify(w.t.gremio, e.p1, cons)).toEqual(first);
    // one of them again, with one that is no coincidence (ignored)
    expect(await notify(w.t.gremio, e.p1, [cons[1]!, { kind: "schedule", ref: 999_999 }])).toEqual([first[1]]);

    const [toP3, toP0] = [await noticeRow(first[0]!.id), await noticeRow(first[1]!.id)];
    expect(toP3).toMatchObject({
      kind: "entry",
      coincidence_key: `entry:${e.p3}`,
      other_entry_id: e.p3,
      other_schedule_id: null,
      from_company_id: w.P1.id,
      to_company_id: w.P3.id,
      created_by_user_id: await userId(P1_MAIL),
      sent_at: null,
      ack_token_hash: null,
    });
    expect(new Date(String(toP3.overlap_start)).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(new Date(String(toP3.overlap_end)).toISOString()).toBe("2026-12-01T11:00:00.000Z");
    expect(new Date(String(toP0.overlap_start)).toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(await outboxTo(ctx, P3_MAIL)).toEqual([]);
  });

  it("refuses 400 when none of the chosen is a coincidence of the entry now", async () => {
    expectError(
      await post(w.t.gremio, SEND, { id: e.p1, cons: [{ kind: "entry", ref: e.p1InC2 }] }),
      400,
      ErrorKey.calendarNothingToNotify,
    );
    expectError(
      await post(w.t.gremio, SEND, { id: e.p1InC2, cons: [{ kind: "entry", ref: e.p3 }] }),
      400,
      ErrorKey.calendarNothingToNotify,
    );
    expectError(await post(w.t.gremio, SEND, { id: e.p1, cons: [] }), 400, "error.invalid-input");
    const [stored] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from calendar_notices`);
    expect(stored!.n).toBe(0);
  });

  it("is only for the entry's own provider while it serves the community; 403 before 404", async () => {
    const cons = [{ kind: "entry", ref: e.p3 }];
    // other providers (of the community, of the colegio, of another colegio), every other role
    for (const who of ["p3", "p0", "p2", "pB", "administrador", "colegio", "portero", "adminB", "master"] as const) {
      expectError(await post(w.t[who], SEND, { id: e.p1, cons }), 403, ErrorKey.forbidden);
    }
    expectError(await post(w.t.gremio, SEND, { id: 999_999, cons }), 404, ErrorKey.notFound);
    // working in colegio B, and once it no longer serves the community
    expectError(
      await call(ctx.app, "POST", `${SEND}?colg_id=${w.B.id}`, { token: w.t.gremio, body: { id: e.p1, cons } }),
      403,
      ErrorKey.colegioForbidden,
    );
    await db().execute(
      sql`update community_providers set erased = true where community_id = ${w.C1.id} and provider_company_id = ${w.P1.id}`,
    );
    expectError(await post(w.t.gremio, SEND, { id: e.p1, cons }), 403, ErrorKey.forbidden);
  });

  it("answers 404 for its own deleted entry, 403 for another's", async () => {
    await db().execute(sql`update calendar_entries set erased_at = now() where id = ${e.p1}`);
    const cons = [{ kind: "entry", ref: e.p3 }];
    expectError(await post(w.t.gremio, SEND, { id: e.p1, cons }), 404, ErrorKey.notFound);
    expectError(await post(w.t.p3, SEND, { id: e.p1, cons }), 403, ErrorKey.forbidden);
  });
});

describe("notify/notification-queues/send: the notice's mails, once", () => {
  it("mails the other provider's manager (with 'Enterado') and the administrator (without), in Madrid time", async () => {
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);

    const [toP3] = await outboxMessagesTo(db(), P3_MAIL);
    const toAdmin = await outboxMessagesTo(db(), ADMIN_MAIL);
    expect(toP3?.kind).toBe("calendar-notice");
    expect(toP3?.subject).toBe("Coincidencia en el calendario de una comunidad en Coordina");
    expect(toP3?.text).toContain(
      "Ascensores Levante S.L. te avisa de que coincidiréis trabajando en la comunidad Comunidad de Propietarios Calle Mayor 10 (Calle Mayor 10, Madrid).",
    );
    expect(toP3?.text).toContain("Visita de Ascensores Levante S.L.: martes 1 de diciembre de 2026, de 09:00 a 12:00.");
    expect(toP3?.text).toContain(
      "Coincide con Zeta Limpiezas S.L. («Limpieza de portal»): martes 1 de diciembre de 2026, de 10:00 a 12:00.",
    );
    expect(toP3?.text).toMatch(/Enterado: http:\/\/localhost:\d+\/webapp\/#\/aviso\?token=[A-Za-z0-9_-]{43}\n/);
    expect(toP3?.text).toContain(`/webapp/#/comunidades/comunidad/${w.C1.id}/gremio/calendar`);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.text).toContain("Ascensores Levante S.L. ha avisado a Zeta Limpiezas S.L. de que coincidirán");
    expect(toAdmin[0]?.text).toContain(`Ver el calendario: `);
    expect(toAdmin[0]?.text).toContain(`/webapp/#/comunidades/comunidad/${w.C1.id}/gremio/calendar`);
    expect(toAdmin[0]?.text).not.toContain("aviso?token=");
    expect(await outboxTo(ctx, P1_MAIL)).toEqual([]);

    const row = await noticeRow(id);
    expect(row.sent_at).not.toBeNull();
    expect(row.ack_token_hash).toEqual(expect.any(String));
    expect(await noticeMails(id)).toBe(2);
    expect(await notify(w.t.gremio, e.p1, [{ kind: "entry", ref: e.p3 }])).toEqual([{ id, sent: true }]);
  });

  it("sends nothing more when asked again, by a double press or after a restart", async () => {
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);
    const token = (await noticeRow(id)).ack_token_hash;
    await mailed(w.t.gremio, id);
    await mailed(w.t.gremio, id);
    expect(await outboxTo(ctx, P3_MAIL)).toHaveLength(1);
    expect(await outboxTo(ctx, ADMIN_MAIL)).toHaveLength(1);
    expect(await noticeMails(id)).toBe(2);
    expect((await noticeRow(id)).ack_token_hash).toBe(token);
  });

  it.runIf(onPostgres)("sends racing for the notice write its mails once: they wait for its lock", async () => {
    const id = await p1ToP3();
    // The notice is held locked while two sends come in, so that both are in flight at once.
    const pool = (db() as unknown as { $client: pg.Pool }).$client;
    const holder = await pool.connect();
    let answers: Awaited<ReturnType<typeof post>>[];
    try {
      await holder.query("begin");
      await holder.query("select id from calendar_notices where id = $1 for update", [id]);
      const pending = Promise.all([post(w.t.gremio, MAIL, { id }), post(w.t.gremio, MAIL, { id })]);
      await vi.waitFor(
        async () => {
          const [waiting] = await queryRows<{ n: number }>(
            db(),
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(waiting!.n, "sends waiting for the notice").toBe(2);
        },
        { timeout: 20_000, interval: 5 },
      );
      await holder.query("commit");
      answers = await pending;
    } finally {
      holder.release();
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await outboxTo(ctx, P3_MAIL)).toHaveLength(1);
    expect(await outboxTo(ctx, ADMIN_MAIL)).toHaveLength(1);
    expect(await noticeMails(id)).toBe(2);
  });

  it("mails the provider's contact address when its manager is gone, and only the administrator without either", async () => {
    await db().execute(
      sql`update companies set owner_user_id = null, email = 'contacto@zeta.test' where id = ${w.P3.id}`,
    );
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);
    expect(await outboxTo(ctx, "contacto@zeta.test")).toHaveLength(1);
    expect(await outboxTo(ctx, P3_MAIL)).toEqual([]);

    const [toP0] = await notify(w.t.gremio, e.p1, [{ kind: "entry", ref: e.p0 }]);
    await db().execute(sql`update companies set owner_user_id = null, email = null where id = ${w.P0.id}`);
    await mailed(w.t.gremio, toP0!.id);
    expect(await outboxTo(ctx, P0_MAIL)).toEqual([]);
    expect(await outboxTo(ctx, ADMIN_MAIL)).toHaveLength(2);
    expect(await noticeMails(toP0!.id)).toBe(1);
  });

  it("refuses 409 and mails nothing once the coincidence is gone: either entry deleted, or the other provider unlinked", async () => {
    const toP3 = await p1ToP3();
    const [toP0] = await notify(w.t.gremio, e.p1, [{ kind: "entry", ref: e.p0 }]);
    await db().execute(sql`update calendar_entries set erased_at = now() where id = ${e.p3}`);
    expectError(await post(w.t.gremio, MAIL, { id: toP3 }), 409, ErrorKey.calendarNoticeObsolete);
    await db().execute(
      sql`update community_providers set erased = true where community_id = ${w.C1.id} and provider_company_id = ${w.P0.id}`,
    );
    expectError(await post(w.t.gremio, MAIL, { id: toP0!.id }), 409, ErrorKey.calendarNoticeObsolete);
    await db().execute(
      sql`update community_providers set erased = false where community_id = ${w.C1.id} and provider_company_id = ${w.P0.id}`,
    );
    await db().execute(sql`update calendar_entries set erased_at = now() where id = ${e.p1}`);
    expectError(await post(w.t.gremio, MAIL, { id: toP0!.id }), 409, ErrorKey.calendarNoticeObsolete);

    for (const id of [toP3, toP0!.id]) {
      expect((await noticeRow(id)).sent_at).toBeNull();
      expect(await noticeMails(id)).toBe(0);
    }
    expect(await outboxTo(ctx, P3_MAIL)).toEqual([]);
    expect(await outboxTo(ctx, P0_MAIL)).toEqual([]);
    expect(await outboxTo(ctx, ADMIN_MAIL)).toEqual([]);
  });

  it("answers a notice already sent as sent, even once its coincidence is gone", async () => {
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);
    await db().execute(sql`update calendar_entries set erased_at = now() where id = ${e.p3}`);
    await mailed(w.t.gremio, id);
    expect(await outboxTo(ctx, P3_MAIL)).toHaveLength(1);
  });

  it("is only for the sending provider; 403 before 404, and nothing is written", async () => {
    const id = await p1ToP3();
    for (const who of ["p3", "p0", "p2", "pB", "administrador", "colegio", "portero", "adminB", "master"] as const) {
      expectError(await post(w.t[who], MAIL, { id }), 403, ErrorKey.forbidden);
    }
    expectError(await post(w.t.gremio, MAIL, { id: 999_999 }), 404, ErrorKey.notFound);
    expectError(await post(undefined, MAIL, { id }), 401, ErrorKey.unauthorized);
    expect((await noticeRow(id)).sent_at).toBeNull();
    expect(await outboxTo(ctx, P3_MAIL)).toEqual([]);
    expect(await outboxTo(ctx, ADMIN_MAIL)).toEqual([]);
  });
});

describe("'Enterado' from the calendar (companies/calendar-fincas/acknowledge)", () => {
  it("records the receiving provider's answer once; a second answer keeps the first", async () => {
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);
    const res = await post(w.t.p3, ACK, { id });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().data as CalendarNotice;
    expect(first).toEqual({
      ...p1ToP3Shown(id, false),
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      acknowledged_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      acknowledged_by: P3_MAIL,
    });
    const before = await noticeRow(id);
    const again = await post(w.t.p3, ACK, { id });
    expect(again.json().data).toEqual(first);
    expect(await noticeRow(id)).toEqual(before);
    expect(before.acknowledged_by_user_id).toBe(await userId(P3_MAIL));
  });

  it("is only for the receiving provider; 403 before 404", async () => {
    const id = await p1ToP3();
    for (const who of [
      "gremio",
      "p0",
      "p2",
      "pB",
      "administrador",
      "colegio",
      "portero",
      "adminB",
      "master",
    ] as const) {
      expectError(await post(w.t[who], ACK, { id }), 403, ErrorKey.forbidden);
    }
    expectError(await post(w.t.p3, ACK, { id: 999_999 }), 404, ErrorKey.notFound);
    expect((await noticeRow(id)).acknowledged_at).toBeNull();
  });

  it("answers 404 to its receiver while the notice has not been sent, and records nothing", async () => {
    const id = await p1ToP3();
    expectError(await post(w.t.p3, ACK, { id }), 404, ErrorKey.notFound);
    expect((await noticeRow(id)).acknowledged_at).toBeNull();
    await mailed(w.t.gremio, id);
    expect((await post(w.t.p3, ACK, { id })).statusCode).toBe(200);
  });
});

describe("the mail's 'Enterado' link (calendar/notice-link, calendar/acknowledge-link)", () => {
  it("shows only its notice, and answers 'Enterado' in the name of the provider's manager", async () => {
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);
    const token = await ackToken(P3_MAIL);

    const shown = await post(undefined, LINK, { token });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      result: true,
      data: { ...p1ToP3Shown(id, true), sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) },
    });

    const answered = await post(undefined, ACK_LINK, { token });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ id, acknowledged_by: P3_MAIL, can_acknowledge: false });
    const again = await post(undefined, ACK_LINK, { token });
    expect(again.json()).toEqual(answered.json());
    expect((await post(undefined, LINK, { token })).json().data).toEqual(answered.json().data);
  });

  it("names nobody as the one who answered when the provider's manager user is deactivated", async () => {
    await db().execute(sql`update companies set email = 'contacto@zeta.test' where id = ${w.P3.id}`);
    await db().execute(sql`update users set erased = true where email = ${P3_MAIL}`);
    const id = await p1ToP3();
    await mailed(w.t.gremio, id);
    const answered = await post(undefined, ACK_LINK, { token: await ackToken("contacto@zeta.test") });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ id, acknowledged_by: null, can_acknowledge: false });
    expect((await noticeRow(id)).acknowledged_by_user_id).toBeNull();
  });

  it("a token gives its own notice and no other", async () => {
    const id = await p1ToP3();
    const [toP0] = await notify(w.t.gremio, e.p1, [{ kind: "entry", ref: e.p0 }]);
    await mailed(w.t.gremio, id);
    await mailed(w.t.gremio, toP0!.id);
    const [p3Token, p0Token] = [await ackToken(P3_MAIL), await ackToken(P0_MAIL)];
    expect(p3Token).not.toBe(p0Token);
    expect((await post(undefined, LINK, { token: p3Token })).json().data.id).toBe(id);
    expect((await post(undefined, ACK_LINK, { token: p0Token })).json().data.id).toBe(toP0!.id);
    expect((await noticeRow(id)).acknowledged_at).toBeNull();
    // the stored hash is no token
    const hash = String((await noticeRow(id)).ack_token_hash);
    expectError(await post(undefined, LINK, { token: hash }), 404, ErrorKey.calendarNoticeLinkInvalid);
  });

  it("answers 404 for a token that names no notice, and 429 past the limit per address", async () => {
    const unknown = "x".repeat(43);
    expectError(await post(undefined, LINK, { token: unknown }), 404, ErrorKey.calendarNoticeLinkInvalid);
    expectError(await post(undefined, ACK_LINK, { token: unknown }), 404, ErrorKey.calendarNoticeLinkInvalid);
    expectError(await post(undefined, LINK, { token: "short" }), 400, "error.invalid-input");

    const ip = "203.0.113.9";
    for (let i = 0; i < NOTICE_LINK_RATE.max; i++) {
      expect((await post(undefined, LINK, { token: unknown }, ip)).statusCode).toBe(404);
    }
    expectError(await post(undefined, ACK_LINK, { token: unknown }, ip), 429, ErrorKey.tooManyRequests);
    // another address is not limited by it
    expect((await post(undefined, LINK, { token: unknown }, "203.0.113.10")).statusCode).toBe(404);
  });
});

describe("companies/calendar-fincas/notices: the month's record", () => {
  /** P1 → P3 (sent), P1 → P0, and P3 → P0. */
  async function threeNotices() {
    const p1p3 = await p1ToP3();
    await mailed(w.t.gremio, p1p3);
    const [p1p0] = await notify(w.t.gremio, e.p1, [{ kind: "entry", ref: e.p0 }]);
    const [p3p0] = await notify(w.t.p3, e.p3, [{ kind: "entry", ref: e.p0 }]);
    return { p1p3, p1p0: p1p0!.id, p3p0: p3p0!.id };
  }

  it("shows the administrator and the colegio every notice, and each provider those it made or was sent", async () => {
    const n = await threeNotices();
    const ids = (rows: CalendarNotice[]) => rows.map((r) => r.id);
    const all = await list(w.t.administrador);
    expect(ids(all)).toEqual([n.p1p3, n.p1p0, n.p3p0]);
    expect(await list(w.t.colegio)).toEqual(all);
    expect(all[0]).toEqual({
      ...p1ToP3Shown(n.p1p3, false),
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });
    expect(all[2]).toMatchObject({
      from_provider: { id: w.P3.id, name: "Zeta Limpiezas S.L." },
      to_provider: { id: w.P0.id, name: "Jardines Olivo S.L." },
      overlap_start: "2026-12-01 11:00",
      overlap_end: "2026-12-01 13:00",
      sent_at: null,
    });
    expect(all.every((r) => r.can_acknowledge === false)).toBe(true);

    expect(ids(await list(w.t.gremio))).toEqual([n.p1p3, n.p1p0]);
    const p3 = await list(w.t.p3);
    expect(ids(p3)).toEqual([n.p1p3, n.p3p0]);
    expect(p3.map((r) => r.can_acknowledge)).toEqual([true, false]);
    // A notice reaches its receiver when it is sent: P0 has been sent nothing yet.
    expect(await list(w.t.p0)).toEqual([]);
    await mailed(w.t.gremio, n.p1p0);
    const p0 = await list(w.t.p0);
    expect(ids(p0)).toEqual([n.p1p0]);
    expect(p0.map((r) => r.can_acknowledge)).toEqual([true]);

    await post(w.t.p3, ACK, { id: n.p1p3 });
    expect((await list(w.t.p3)).map((r) => r.can_acknowledge)).toEqual([false, false]);
  });

  it("takes the month of the overlap's start in Madrid time, and leaves delivered_at empty while a mail waits", async () => {
    const n = await threeNotices();
    expect(await list(w.t.administrador, { year: 2026, month: 11, id_finca: w.C1.id })).toEqual([]);
    expect(await list(w.t.administrador, { year: 2027, month: 1, id_finca: w.C1.id })).toEqual([]);
    expect(await list(w.t.administrador, { ...DECEMBER, id_finca: w.C2.id })).toEqual([]);
    // a notice whose overlap starts at 00:30 of 1 December in Madrid (23:30 UTC the day before)
    await db().execute(sql`update calendar_notices set overlap_start = '2026-11-30T23:30:00Z' where id = ${n.p1p0}`);
    expect((await list(w.t.administrador)).map((r) => r.id)).toContain(n.p1p0);
    expect((await list(w.t.administrador, { year: 2026, month: 11, id_finca: w.C1.id })).map((r) => r.id)).toEqual([]);
    // no worker runs here: the mails wait in the outbox
    expect((await list(w.t.administrador)).find((r) => r.id === n.p1p3)?.delivered_at).toBeNull();
  });

  it("shows delivered_at once every mail of the notice has left, the latest of them", async () => {
    const n = await threeNotices();
    const mails = await queryRows<{ id: number }>(
      db(),
      sql`select outbox_id as id from calendar_notice_mails where notice_id = ${n.p1p3} order by outbox_id`,
    );
    expect(mails).toHaveLength(2);
    await db().execute(
      sql`update mail_outbox set status = 'sent', sent_at = '2026-12-01T08:00:00Z' where id = ${mails[0]!.id}`,
    );
    expect((await list(w.t.administrador))[0]?.delivered_at).toBeNull();
    await db().execute(
      sql`update mail_outbox set status = 'sent', sent_at = '2026-12-01T08:05:00Z' where id = ${mails[1]!.id}`,
    );
    expect((await list(w.t.administrador))[0]?.delivered_at).toBe("2026-12-01 09:05");
  });

  it("refuses porters, other administrators and tenants, and providers not serving the community; 404 for none", async () => {
    await threeNotices();
    const body = { ...DECEMBER, id_finca: w.C1.id };
    for (const who of ["portero", "conserje", "admin2", "adminB", "colegioB", "p2", "pB", "master"] as const) {
      expectError(await post(w.t[who], LIST, body), 403, ErrorKey.forbidden);
    }
    expectError(await post(w.t.administrador, LIST, { ...body, id_finca: 999_999 }), 404, ErrorKey.notFound);
  });
});
