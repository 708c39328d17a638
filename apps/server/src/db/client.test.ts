import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/helpers.js";
import { type Database, queryRows, queryRowsPrepared } from "./client.js";

/*
 * Hot list reads (queryRowsPrepared) run on connections that always use a statement's generic plan, so
 * a PostgreSQL server plans them once per connection; every other query keeps plans made for its values
 * (a search pattern's selectivity matters). Inside a transaction a hot read must see the transaction's
 * own writes, so it runs there.
 */
describe("prepared hot reads", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const planMode = sql`select current_setting('plan_cache_mode') as mode`;
  const modeOf = async (rows: Promise<{ mode: string }[]>) => (await rows)[0]?.mode;

  it("use generic plans on a PostgreSQL server; other queries are planned for their values", async () => {
    const hot = await modeOf(queryRowsPrepared(database.db, planMode));
    expect(hot).toBe(database.kind === "postgres" ? "force_generic_plan" : "auto");
    expect(await modeOf(queryRows(database.db, planMode))).not.toBe("force_generic_plan");
  });

  it("answer the same rows as a plain query, again and again on the same statement", async () => {
    const query = (n: number) => sql`select g as n from generate_series(1, ${n}::int) g order by g`;
    for (const n of [3, 1, 5, 3, 2, 4, 3]) {
      expect(await queryRowsPrepared(database.db, query(n))).toEqual(await queryRows(database.db, query(n)));
    }
  });

  it("run inside the caller's transaction and see its uncommitted writes", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table hot_read_probe (n int) on commit drop`);
      await tx.execute(sql`insert into hot_read_probe values (7)`);
      expect(await queryRowsPrepared(tx, sql`select n from hot_read_probe`)).toEqual([{ n: 7 }]);
      expect(await modeOf(queryRowsPrepared(tx, planMode))).not.toBe("force_generic_plan");
    });
  });
});
