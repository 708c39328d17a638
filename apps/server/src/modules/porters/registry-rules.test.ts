import { DEFAULT_FEATURES, ErrorKey, FEATURE, Role } from "@coordina/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshWorldForEachTest } from "../../../test/fresh-world.js";
import {
  call,
  createTestApp,
  DEMO_ACCOUNTS,
  ensureMemberCompany,
  expectError,
  outboxTo,
  type TestContext,
  tokenFor,
} from "../../../test/helpers.js";
import { queryRows } from "../../db/client.js";
import { authThrottle, communities, communityPorters, companies, users } from "../../db/schema/index.js";
import { ensureCommunity, ensureMembership, ensurePorterLink } from "../../db/seed/builders.js";
import { DEFAULT_ACCOUNT_LIMITS } from "../accounts/context.js";

/**
 * The registry's rules on whom a porter form reaches (issue 19 review): include by id only finds the
 * porters that are or were in a community of the caller's company; a deactivated porter is named as such
 * by register, include and invite; the testing mode is the community's colegio's (or the caller company's),
 * not that of the caller's other colegios; registerTest counts its lookups. The world: the demo (its
 * administrator's C1 with the demo porter; C3 its deleted community), admin2's R1 in the same colegio, and
 * colegio B, where the demo administrator works too.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
const t = {} as Record<"administrador" | "admin2", string>;
let C1: number;
let C3: number;
let R1: number;
let colegioB: number;
const porter = {} as Record<"ajeno" | "antiguo" | "borrada" | "baja" | "cerrada", number>;
let gremioBaja: number;

const post = (token: string, url: string, body: object) => call(ctx.app, "POST", url, { token, body });
const include = (token: string, body: object) => post(token, "/porteros/registry/include", body);
const register = (token: string, body: object) => post(token, "/porteros/registry/register", body);
const invite = (token: string, body: object) => post(token, "/porteros/registry/invite", body);
const registerTest = (token: string, body: object) => post(token, "/porteros/registry/registerTest", body);

async function quietUser(email: string, cif: string, role: number = Role.portero) {
  const [company] = await db()
    .insert(companies)
    .values({ type: role, name: `Empresa ${cif}`, cif, cifNorm: cif })
    .returning();
  const [user] = await db().insert(users).values({ email, userRole: role, companyId: company!.id }).returning();
  return user!;
}
/** A link of the porter to the community, removed (erased) when `removed`. */
async function linked(communityId: number, userId: number, removed: boolean) {
  await ensurePorterLink(db(), communityId, userId);
  if (removed) {
    await db()
      .update(communityPorters)
      .set({ erased: true })
      .where(sql`${communityPorters.communityId} = ${communityId} and ${communityPorters.porterUserId} = ${userId}`);
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { colegio: A, admin, community } = ctx.seed;
  C1 = community.id;
  const admin2 = await ensureMemberCompany(
    db(),
    [A.id],
    { type: Role.administrador, name: "Retiro S.L.", cif: "B28000010" },
    "retiro@gestiones.test",
  );
  R1 = (await ensureCommunity(db(), { colegioId: A.id, adminCompanyId: admin2.id, name: "Retiro", cif: "H28100001" }))
    .id;
  C3 = (await ensureCommunity(db(), { colegioId: A.id, adminCompanyId: admin.id, name: "Borrada", cif: "H28000003" }))
    .id;
  await db().update(communities).set({ erased: true }).where(eq(communities.id, C3));
  colegioB = (
    await ensureMemberCompany(db(), [], { type: Role.colegio, name: "Colegio B", cif: "Q0863003J" }, "colegio-b@c.test")
  ).id;
  await ensureMembership(db(), colegioB, admin.id);

  porter.ajeno = (await quietUser("ajeno@porteros.test", "11111111H")).id;
  porter.antiguo = (await quietUser("antiguo@porteros.test", "22222222J")).id;
  porter.borrada = (await quietUser("borrada@porteros.test", "33333333P")).id;
  const baja = await quietUser("baja@porteros.test", "44444444A");
  const cerrada = await quietUser("cerrada@porteros.test", "55555555K");
  porter.baja = baja.id;
  porter.cerrada = cerrada.id;
  gremioBaja = (await quietUser("gremio-baja@obras.test", "B28000028", Role.gremio)).id;
  await linked(R1, porter.ajeno, true);
  await linked(C1, porter.antiguo, true);
  await linked(C3, porter.borrada, false);
  await linked(C1, porter.baja, true);
  await linked(C1, porter.cerrada, true);
  await db().update(users).set({ erased: true }).where(eq(users.id, porter.baja));
  await db().update(users).set({ erased: true }).where(eq(users.id, gremioBaja));
  await db().update(companies).set({ erased: true }).where(eq(companies.id, cerrada.companyId));

  t.administrador = await tokenFor(ctx.app, DEMO_ACCOUNTS.administrador);
  t.admin2 = await tokenFor(ctx.app, "retiro@gestiones.test");
});
freshWorldForEachTest(() => ctx);
afterAll(async () => ctx?.close());

/** The live porters of a community. */
async function liveIn(communityId: number) {
  const rows = await db()
    .select({ id: communityPorters.porterUserId })
    .from(communityPorters)
    .where(sql`${communityPorters.communityId} = ${communityId} and ${communityPorters.erased} = false`)
    .orderBy(communityPorters.porterUserId);
  return rows.map((r) => r.id);
}
const counts = async () =>
  (
    await queryRows<{ links: number; users: number; companies: number; invitations: number }>(
      db(),
      sql`select (select count(*)::int from community_porters) as links, (select count(*)::int from users) as users,
                 (select count(*)::int from companies) as companies, (select count(*)::int from invitations) as invitations`,
    )
  )[0];

describe("registry/include by id", () => {
  it("finds the porters that are or were in a community of the caller's company, deleted or not", async () => {
    for (const id of [porter.antiguo, porter.borrada]) {
      const res = await include(t.administrador, { id_portero: id, id_finca: C1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.id).toBe(id);
    }
    expect(await liveIn(C1)).toEqual([ctx.seed.porter.id, porter.antiguo, porter.borrada].sort((a, b) => a - b));
  });

  it("answers any other porter as an unknown id (404 user.not.exists), changing nothing", async () => {
    const before = await counts();
    // 'ajeno' was only in admin2's R1: admin2 reaches it, the demo administrator does not.
    for (const id_portero of [porter.ajeno, 999_999]) {
      expectError(await include(t.administrador, { id_portero, id_finca: C1 }), 404, ErrorKey.userNotExists);
    }
    expect(await counts()).toEqual(before);
    expect(await liveIn(C1)).toEqual([ctx.seed.porter.id]);
    expect((await include(t.admin2, { id_portero: porter.ajeno, id_finca: R1 })).statusCode).toBe(200);
    expect(await liveIn(R1)).toEqual([porter.ajeno]);
  });
});

describe("a deactivated account", () => {
  it("is porteros.user-deactivated for a porter, by register, include and invite, mailing and changing nothing", async () => {
    const before = await counts();
    for (const [id, email] of [
      [porter.baja, "baja@porteros.test"],
      [porter.cerrada, "cerrada@porteros.test"],
    ] as const) {
      expectError(await register(t.administrador, { email, id_finca: C1 }), 409, ErrorKey.porterDeactivated);
      expectError(await include(t.administrador, { id_portero: id, id_finca: C1 }), 409, ErrorKey.porterDeactivated);
      expectError(await invite(t.administrador, { email, id_finca: C1 }), 409, ErrorKey.porterDeactivated);
      expect(await outboxTo(ctx, email)).toEqual([]);
    }
    expect(await counts()).toEqual(before);
    expect(await liveIn(C1)).toEqual([ctx.seed.porter.id]);
  });

  it("stays user.not.good.role for a user that is not a porter", async () => {
    const before = await counts();
    const email = "gremio-baja@obras.test";
    expectError(await register(t.administrador, { email, id_finca: C1 }), 409, ErrorKey.userNotGoodRole);
    expectError(await invite(t.administrador, { email, id_finca: C1 }), 409, ErrorKey.userNotGoodRole);
    expect(await outboxTo(ctx, email)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

describe("registry/registerTest", () => {
  const body = { email: "prueba@porteros.test", password: "Portero!2026", nif: "66666666Q" };
  const setFeatures = (companyId: number, features: string[] | null) =>
    db().update(companies).set({ features }).where(eq(companies.id, companyId));
  const testing = [...DEFAULT_FEATURES, FEATURE.porterosAdminTest];

  it("is off in a community whose colegio has it off, whatever the caller's other colegios have", async () => {
    await setFeatures(colegioB, testing);
    const before = await counts();
    expectError(await registerTest(t.administrador, { ...body, id_finca: C1 }), 403, ErrorKey.porterTestingOff);
    expectError(
      await registerTest(t.administrador, { ...body, id_finca: C1, colg_id: ctx.seed.colegio.id }),
      403,
      ErrorKey.porterTestingOff,
    );
    expect(await counts()).toEqual(before);
    expect(await liveIn(C1)).toEqual([ctx.seed.porter.id]);
  });

  it("is on with the feature on the community's colegio, or on the caller's own company", async () => {
    await setFeatures(ctx.seed.admin.id, testing);
    const res = await registerTest(t.administrador, { ...body, id_finca: C1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveIn(C1)).toContain(res.json().data.id);
    await setFeatures(ctx.seed.admin.id, null);
    await setFeatures(ctx.seed.colegio.id, testing);
    const again = await registerTest(t.administrador, {
      ...body,
      email: "otra@porteros.test",
      nif: "77777777B",
      id_finca: C1,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("counts its lookups, an existing e-mail's too: 429 when they are spent, nothing added", async () => {
    await setFeatures(ctx.seed.colegio.id, testing);
    const [me] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.administrador));
    await db()
      .insert(authThrottle)
      .values({ key: `lookup:user:${me!.id}`, failures: DEFAULT_ACCOUNT_LIMITS.lookupPerUser.max });
    const before = await counts();
    for (const email of ["antiguo@porteros.test", body.email]) {
      expectError(await registerTest(t.administrador, { ...body, email, id_finca: C1 }), 429, ErrorKey.tooManyRequests);
    }
    expect(await counts()).toEqual(before);
    expect(await liveIn(C1)).toEqual([ctx.seed.porter.id]);
  });
});
