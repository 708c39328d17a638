import { type CalendarNotice, Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { entryAt } from "../../../test/calendar-world.js";
import { call, ensureMemberCompany, tokenFor } from "../../../test/helpers.js";
import { createMailTestApp, type MailTestContext } from "../../../test/smtp.js";
import { queryRows } from "../../db/client.js";
import { ensureProviderLink } from "../../db/seed/builders.js";

/**
 * A coincidence notice through a real SMTP server (test/smtp.ts): the mails the worker delivers, the
 * notice's delivered_at once they have left, and the 'Enterado' link of the mail as received. The demo
 * provider (Ascensores Levante) and Zeta Limpiezas visit the demo community at overlapping times.
 */
let ctx: MailTestContext;
let tokens: { gremio: string; zeta: string; admin: string };
let community: number;
let entryId: number;
let otherEntryId: number;
const ZETA = "zeta@limpiezas.test";
const ADMIN = "admin@coordina.test";

beforeAll(async () => {
  ctx = await createMailTestApp({ env: { PUBLIC_URL: "https://coordina.example" } });
  const db = ctx.database.db;
  const { colegio, provider, community: c1 } = ctx.seed;
  community = c1.id;
  const zeta = await ensureMemberCompany(
    db,
    [colegio.id],
    { type: Role.gremio, name: "Zeta Limpiezas S.L.", cif: "B30000003" },
    ZETA,
  );
  await ensureProviderLink(db, community, zeta.id);
  const [gremioUser] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where email = 'proveedor@coordina.test'`,
  );
  const visit = async (providerCompanyId: number, createdByUserId: number, from: string, to: string) =>
    entryAt(db, {
      communityId: community,
      providerCompanyId,
      createdByUserId,
      startsAt: new Date(from),
      endsAt: new Date(to),
      notify: true,
    });
  entryId = await visit(provider.id, gremioUser!.id, "2026-12-01T08:00:00Z", "2026-12-01T11:00:00Z");
  otherEntryId = await visit(zeta.id, zeta.managerId!, "2026-12-01T09:00:00Z", "2026-12-01T12:00:00Z");
  const [gremio, zetaToken, admin] = await Promise.all(
    ["proveedor@coordina.test", ZETA, ADMIN].map((email) => tokenFor(ctx.app, email)),
  );
  tokens = { gremio: gremio!, zeta: zetaToken!, admin: admin! };
});
afterAll(async () => ctx?.close());

const post = (token: string | undefined, url: string, body: object) => call(ctx.app, "POST", url, { token, body });

describe("a notice by e-mail", () => {
  it("reaches both mailboxes once, is delivered once both have left, and its mail's link answers 'Enterado'", async () => {
    const made = await post(tokens.gremio, "/companies/calendar-fincas/send", {
      id: entryId,
      cons: [{ kind: "entry", ref: otherEntryId }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().notifications[0].id as number;
    for (let i = 0; i < 2; i++) {
      expect((await post(tokens.gremio, "/notify/notification-queues/send", { id })).statusCode).toBe(200);
    }

    const [toZeta] = await ctx.smtp.waitFor(ZETA);
    const [toAdmin] = await ctx.smtp.waitFor(ADMIN);
    expect(toZeta?.subject).toBe("Coincidencia en el calendario de una comunidad en Coordina");
    expect(toZeta?.text).toContain(
      `Calendario de la comunidad: https://coordina.example/webapp/#/comunidades/comunidad/${community}/gremio/calendar`,
    );
    expect(toAdmin?.text).toContain(
      `Ver el calendario: https://coordina.example/webapp/#/comunidades/comunidad/${community}/gremio/calendar`,
    );
    const link = /https:\/\/coordina\.example\/webapp\/#\/aviso\?token=([A-Za-z0-9_-]+)/.exec(toZeta?.text ?? "");
    expect(link, "the 'Enterado' link").not.toBeNull();

    const month = { year: 2026, month: 12, id_finca: community };
    const delivered = await vi.waitFor(
      async () => {
        const res = await post(tokens.admin, "/companies/calendar-fincas/notices", month);
        const [notice] = res.json().data as CalendarNotice[];
        expect(notice?.delivered_at, "delivered").not.toBeNull();
        return notice!;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(delivered).toMatchObject({ id, overlap_start: "2026-12-01 10:00", overlap_end: "2026-12-01 12:00" });
    expect(delivered.delivered_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // both mailboxes got one message each, whatever was asked twice
    expect(ctx.smtp.to(ZETA)).toHaveLength(1);
    expect(ctx.smtp.to(ADMIN)).toHaveLength(1);

    const token = link![1]!;
    const answered = await post(undefined, "/calendar/acknowledge-link", { token });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ id, acknowledged_by: ZETA, can_acknowledge: false });
    const asZeta = await post(tokens.zeta, "/companies/calendar-fincas/notices", month);
    expect(asZeta.json().data[0]).toMatchObject({ id, acknowledged_by: ZETA, can_acknowledge: false });
  });
});
