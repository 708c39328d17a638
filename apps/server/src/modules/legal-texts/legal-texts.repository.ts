import { type LegalTextKind, SETTING_ACCEPTED_LEGAL, type TermsKind } from "@coordina/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped } from "../../db/rows.js";
import { legalAcceptances, legalTexts } from "../../db/schema/index.js";

const VERSION_COLUMNS = {
  id: col.int,
  kind: col.as<LegalTextKind>(),
  saved_at: col.iso,
  saved_by: col.text,
};

/** Every version of the colegio's texts, newest first, without their texts. */
export async function versionsOf(db: DbOrTx, colegioId: number) {
  return queryTyped(
    db,
    sql`select t.id, t.kind, t.saved_at, u.email as saved_by
        from legal_texts t join users u on u.id = t.saved_by
        where t.colegio_id = ${colegioId}
        order by t.id desc`,
    VERSION_COLUMNS,
  );
}

/** The current (newest) version of each kind the colegio saved, with its text. */
export async function currentTextsOf(db: DbOrTx, colegioId: number) {
  return queryTyped(
    db,
    sql`select distinct on (t.kind) t.id, t.kind, t.saved_at, u.email as saved_by, t.html
        from legal_texts t join users u on u.id = t.saved_by
        where t.colegio_id = ${colegioId}
        order by t.kind, t.id desc`,
    { ...VERSION_COLUMNS, html: col.text },
  );
}

/** The colegio's current version of one kind, if it ever saved one. */
export async function currentTextOf(db: DbOrTx, colegioId: number, kind: LegalTextKind) {
  const [row] = await queryTyped(
    db,
    sql`select t.id, t.saved_at, t.html from legal_texts t
        where t.colegio_id = ${colegioId} and t.kind = ${kind}
        order by t.id desc limit 1`,
    { id: col.int, saved_at: col.iso, html: col.text },
  );
  return row;
}

export async function insertText(
  db: DbOrTx,
  values: { colegioId: number; kind: LegalTextKind; html: string; savedBy: number },
) {
  const [row] = await db.insert(legalTexts).values(values).returning();
  return row!;
}

/**
 * Records that the user accepted a version (null: the built-in text) in a colegio (null: none chosen); an
 * acceptance already recorded keeps its first date.
 */
export async function recordAcceptance(
  db: DbOrTx,
  values: { userId: number; colegioId: number | null; kind: TermsKind; versionId: number | null },
) {
  await db.insert(legalAcceptances).values(values).onConflictDoNothing();
}

/** Whether the user accepted that version (the built-in text: holds the accepted-legal setting). */
export async function hasAccepted(db: DbOrTx, userId: number, versionId: number | null): Promise<boolean> {
  const [row] = await queryTyped(
    db,
    versionId === null
      ? sql`select exists (select 1 from assigned_settings a
              where a.user_id = ${userId} and a.name = ${SETTING_ACCEPTED_LEGAL} and a.value = 'true') as yes`
      : sql`select exists (select 1 from legal_acceptances la
              where la.user_id = ${userId} and la.version_id = ${versionId}) as yes`,
    { yes: col.bool },
  );
  return row?.yes === true;
}

/**
 * The export of a colegio's acceptances, in one query (no query per row): who (e-mail, company, role), which
 * conditions and version (its date; null: the built-in text) and when, newest first.
 */
export async function acceptancesOf(db: DbOrTx, colegioId: number) {
  return queryTyped(
    db,
    sql`select u.email, c.name as company, u.user_role, la.kind, t.saved_at as version_saved_at, la.accepted_at
        from legal_acceptances la
        join users u on u.id = la.user_id
        join companies c on c.id = u.company_id
        left join legal_texts t on t.id = la.version_id
        where la.colegio_id = ${colegioId}
        order by la.accepted_at desc, la.id desc`,
    {
      email: col.text,
      company: col.text,
      user_role: col.int,
      kind: col.as<TermsKind>(),
      version_saved_at: col.dateOrNull,
      accepted_at: col.date,
    },
  );
}

/**
 * With no colegio chosen: the first colegio (by name) the company is a live member of whose current conditions
 * of `kind` are a saved version the user has not accepted, with that version; undefined when there is none.
 */
export async function pendingTermsOf(db: DbOrTx, userId: number, companyId: number, kind: TermsKind) {
  const [row] = await queryTyped(
    db,
    sql`select t.id, t.saved_at, t.html, cg.id as colegio_id, cg.name as colegio_name
        from colegio_members m
        join companies cg on cg.id = m.colegio_id and cg.type = 10 and cg.erased = false
        cross join lateral (select t.id, t.saved_at, t.html from legal_texts t
                            where t.colegio_id = m.colegio_id and t.kind = ${kind}
                            order by t.id desc limit 1) t
        where m.company_id = ${companyId} and m.erased = false
          and not exists (select 1 from legal_acceptances la where la.user_id = ${userId} and la.version_id = t.id)
        order by lower(cg.name), cg.id
        limit 1`,
    { id: col.int, saved_at: col.iso, html: col.text, colegio_id: col.int, colegio_name: col.text },
  );
  return row;
}

/** The colegios the company is a live member of that never saved conditions of `kind` (the built-in text holds). */
export async function builtInTermsColegiosOf(db: DbOrTx, companyId: number, kind: TermsKind) {
  const rows = await queryTyped(
    db,
    sql`select m.colegio_id from colegio_members m
        join companies cg on cg.id = m.colegio_id and cg.type = 10 and cg.erased = false
        where m.company_id = ${companyId} and m.erased = false
          and not exists (select 1 from legal_texts t where t.colegio_id = m.colegio_id and t.kind = ${kind})`,
    { colegio_id: col.int },
  );
  return rows.map((r) => r.colegio_id);
}
