import { Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";

/**
 * The user `porterUserId` as a porter of a community: its company (which owns its documents and read
 * marks) and whether it is a live porter there (a porter user, not deleted, whose link to the live
 * community is not removed). Undefined when no user has that id.
 */
export async function porterInCommunity(db: DbOrTx, porterUserId: number, communityId: number) {
  const [row] = await queryTyped(
    db,
    sql`select u.company_id as "companyId", c.name as "companyName",
          (u.user_role = ${Role.portero} and u.erased = false and exists (
            select 1 from community_porters p join communities f on f.id = p.community_id
            where p.community_id = ${communityId} and p.porter_user_id = u.id and p.erased = false
              and f.erased = false)) as live
        from users u join companies c on c.id = u.company_id
        where u.id = ${porterUserId}`,
    { companyId: col.int, companyName: col.text, live: col.bool },
  );
  return row;
}
