import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/helpers.js";
import { type Database, queryRows, queryRowsBuiltOnce, queryRowsPrepared } from "./client.js";

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

/*
 * Hot statements built once (queryRowsBuiltOnce): their SQL is made once per key with a placeholder for each
 * value, and every run fills the placeholders with its own values.
 */
describe("statements built once", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const numbers = (values: { from: number; to: number; skip: number | null }) =>
    queryRowsBuiltOnce<{ n: number }, typeof values>(
      database.db,
      "client-test:numbers",
      values,
      (v) => sql`select g as n from generate_series(${v.from}::int, ${v.to}::int) g
        where g is distinct from ${v.skip}::int and g >= ${v.from}::int order by g`,
    );

  it("answer each run with its own values, a value used twice and a null included", async () => {
    expect(await numbers({ from: 1, to: 4, skip: 2 })).toEqual([{ n: 1 }, { n: 3 }, { n: 4 }]);
    expect(await numbers({ from: 5, to: 7, skip: null })).toEqual([{ n: 5 }, { n: 6 }, { n: 7 }]);
    expect(await numbers({ from: 2, to: 3, skip: 3 })).toEqual([{ n: 2 }]);
  });

  it("refuse, in the tests, a key whose build made another text: the key misses one of the build's choices", async () => {
    const build = (descending: boolean) =>
      queryRowsBuiltOnce(database.db, "client-test:order", { to: 3 }, (v) =>
        descending
          ? sql`select g as n from generate_series(1, ${v.to}::int) g order by g desc`
          : sql`select g as n from generate_series(1, ${v.to}::int) g order by g`,
      );
    expect(await build(false)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await expect(build(true)).rejects.toThrow(/'client-test:order' was built two ways/);
  });

  it("refuse, in the tests, a build that takes a value from outside its slots: everyone would get the first one", async () => {
    const upTo = (to: number) =>
      queryRowsBuiltOnce(
        database.db,
        "client-test:captured",
        { to },
        () => sql`select g as n from generate_series(1, ${to}::int) g order by g`,
      );
    expect(await upTo(2)).toEqual([{ n: 1 }, { n: 2 }]);
    await expect(upTo(3)).rejects.toThrow(/'client-test:captured' was built two ways/);
  });
});
