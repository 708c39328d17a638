import { Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";

/**
 * Every active member of the colegio of one type (a deactivated one is no longer the colegio's to read),
 * by name, with what its summary shows (spec 01 §3): the administrators with the live communities they
 * administer here (`owned_fincas`, null for the other types), the providers with their phone.
 */
export async function summaryRows(db: DbOrTx, colegioId: number, type: number) {
  return queryTyped(
    db,
    sql`select c.cif, c.name, ou.email as owner_email, c.phone
               ${
                 type === Role.administrador
                   ? sql`, (select count(*) from communities f
                            where f.admin_company_id = c.id and f.erased = false and f.colegio_id = ${colegioId})
                           as owned_fincas`
                   : sql``
               }
        from colegio_members m join companies c on c.id = m.company_id
        left join users ou on ou.id = c.owner_user_id
        where m.colegio_id = ${colegioId} and m.erased = false and c.type = ${type}
        order by lower(c.name), c.id`,
    {
      cif: col.text,
      name: col.text,
      owner_email: col.textOrNull,
      phone: col.textOrNull,
      owned_fincas: col.intOrNull,
    },
  );
}
