import { Role } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";

/**
 * Every active member of the colegio of one type (a deactivated one is no longer the colegio's to read), by name, with what its summary shows (spec 01 §3): the
 * administrators with the live communities they administer here, the providers with their phone.
 */
export async function summaryRows(db: DbOrTx, colegioId: number, type: number) {
  return queryRows<Record<string, unknown>>(
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
  );
}
