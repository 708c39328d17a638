import { ErrorKey, Role } from "@coordina/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, DEMO_ACCOUNTS, expectError, type TestContext, tokenFor } from "../../../test/helpers.js";
import { invitations, users } from "../../db/schema/index.js";
import { pageUsers } from "../users/users.repository.js";
import { pageInvitations } from "./invitations.repository.js";

/**
 * The colegio's lists of its users and of the invitations it sent, sorted by each key both ways: the
 * order is built by sortSql, a key outside the list's table is refused with 400 and no data, and rows
 * that tie on the chosen column keep one fixed order (users by id, invitations newest first).
 */
let ctx: TestContext;
let token: string;
let colegioId: number;
const USER_EMAILS = ["b-usuario@coordina.test", "a-usuario@coordina.test", "c-usuario@coordina.test"];
let userIds: number[];
let invitationIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  token = await tokenFor(ctx.app, DEMO_ACCOUNTS.colegio);
  colegioId = ctx.seed.colegio.id;
  const db = ctx.database.db;
  // One statement: the three users share their created_at, so sorting by it ties.
  const created = await db
    .insert(users)
    .values(USER_EMAILS.map((email) => ({ email, userRole: Role.colegio, companyId: colegioId })))
    .returning({ id: users.id });
  userIds = created.map((row) => row.id);
  const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.colegio));
  const expiresAt = new Date(Date.now() + 86_400_000);
  const sent = await db
    .insert(invitations)
    .values(
      ["x-uno@coordina.test", "x-dos@coordina.test", "x-tres@coordina.test"].map((email) => ({
        email,
        action: "create-company",
        companyType: Role.gremio,
        companyName: "Igual S.L.",
        inviterUserId: inviter!.id,
        inviterCompanyId: colegioId,
        expiresAt,
      })),
    )
    .returning({ id: invitations.id });
  invitationIds = sent.map((row) => row.id);
});
afterAll(async () => ctx?.close());

const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((row) => row.id);
const list = (url: string, body: object) => call(ctx.app, "POST", url, { token, body: { limit: 100, ...body } });

describe("users of a company", () => {
  it("sorts by e-mail both ways, and by creation with ties in id order either way", async () => {
    const asc = ids(await list("/companies/users/index", { sortBy: "email" }));
    const ours = (order: number[]) => order.filter((id) => userIds.includes(id));
    expect(ours(asc)).toEqual([userIds[1], userIds[0], userIds[2]]);
    expect(ids(await list("/companies/users/index", { sortBy: "email", sortDesc: "DESC" }))).toEqual(
      [...asc].reverse(),
    );
    for (const sortDesc of ["ASC", "DESC"]) {
      const byCreation = ours(ids(await list("/companies/users/index", { sortBy: "created", sortDesc })));
      expect(byCreation).toEqual(userIds);
    }
  });

  it.each(["password_hash", "u.id", "email; drop table users", "id"])("refuses sortBy=%s with 400", async (key) => {
    expectError(await list("/companies/users/index", { sortBy: key }), 400, ErrorKey.invalidInput);
  });

  it("refuses a key outside its table with 400 even past the route's schema", async () => {
    const q = { page: 1, limit: 10, filter: "", sortBy: "password_hash" as "email" };
    await expect(pageUsers(ctx.database.db, colegioId, q)).rejects.toMatchObject({
      status: 400,
      key: ErrorKey.invalidInput,
    });
  });
});

describe("invitations a company sent", () => {
  it("shows the newest first, and keeps ties newest first whichever way a column goes", async () => {
    const newestFirst = [...invitationIds].reverse();
    expect(ids(await list("/companies/invitations/index", {}))).toEqual(newestFirst);
    for (const sortBy of ["status", "company_name"])
      for (const sortDesc of ["ASC", "DESC"])
        expect(ids(await list("/companies/invitations/index", { sortBy, sortDesc })), `${sortBy} ${sortDesc}`).toEqual(
          newestFirst,
        );
    const byEmail = ids(await list("/companies/invitations/index", { sortBy: "email" }));
    expect(byEmail).toEqual([invitationIds[1], invitationIds[2], invitationIds[0]]);
    expect(ids(await list("/companies/invitations/index", { sortBy: "email", sortDesc: "DESC" }))).toEqual(
      [...byEmail].reverse(),
    );
  });

  it.each(["i.id", "expires", "inviter_company_id"])("refuses sortBy=%s with 400 and no data", async (key) => {
    expectError(await list("/companies/invitations/index", { sortBy: key }), 400, ErrorKey.invalidInput);
  });

  it("refuses a key outside its table with 400 even past the route's schema", async () => {
    const q = { page: 1, limit: 10, filter: "", sortBy: "expires_at" as "email" };
    await expect(pageInvitations(ctx.database.db, colegioId, q)).rejects.toMatchObject({
      status: 400,
      key: ErrorKey.invalidInput,
    });
  });
});
