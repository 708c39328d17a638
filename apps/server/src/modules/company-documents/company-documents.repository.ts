import {
  type CompanyDocumentRow,
  type CompanyDocumentSortKey,
  type CompanyExpiryState,
  type CompanyValidationState,
  DOCUMENT_GROUPS,
  type DocumentGroup,
  type DocumentParty,
  DUTY_STATES,
  type DutyState,
  EXPIRING_SOON_DAYS,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { col, queryTyped, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage, type SortedPage, sortSql } from "../../lib/paging.js";
import {
  administratorCommunities,
  porterCommunities,
  providerCommunities,
  uploadDutyStates,
} from "../compliance/duty-states.sql.js";

/*
 * The caller's own company's documents (companies/documents) and upload duties (companies/documents/summary).
 */

const GROUPS = new Set<string>(DOCUMENT_GROUPS);
function group(value: unknown): DocumentGroup | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  if (!GROUPS.has(text)) throw new Error(`unknown definition group ${text}`);
  return text as DocumentGroup;
}

function oneOf<T extends string>(values: readonly string[], what: string) {
  const known = new Set(values);
  return (value: unknown): T => {
    const text = String(value);
    if (!known.has(text)) throw new Error(`unknown ${what} ${text}`);
    return text as T;
  };
}

/** The document `d` (file `f`, definition `dd`): its expiry state as COMPANY_EXPIRY_STATES says it. */
function expiryStateOf(today: string): SQL {
  return sql`case when f.obsolete is null and dd.obsoletable then 'none'
      when f.obsolete < ${today}::date then 'expired'
      when f.obsolete <= ${today}::date + ${EXPIRING_SOON_DAYS}::int then 'soon'
      else 'valid' end`;
}

/** … its validation state as COMPANY_VALIDATION_STATES says it (waiting only while current). */
function validationStateOf(today: string): SQL {
  return sql`case when d.validated then 'validated'
      when not dd.validate_colegio_required then 'not-required'
      when f.obsolete >= ${today}::date or (f.obsolete is null and not dd.obsoletable) then 'pending'
      else 'none' end`;
}

const UPLOADED_SORT = {
  created: "d.created_at",
  name: "lower(f.name)",
  expiry: { expr: "f.obsolete", nullable: true },
  definition: "lower(dd.name)",
  community: { expr: "lower(c.name)", nullable: true },
} as const;

const readUploaded = rowReader({
  id: col.int,
  file_id: col.int,
  file_name: col.text,
  file_size: col.int,
  file_created: col.iso,
  file_obsolete: col.textOrNull,
  needs_expiry: col.bool,
  expiry_state: oneOf<CompanyExpiryState>(["valid", "soon", "expired", "none"], "expiry state"),
  definition_id: col.int,
  definition_name: col.text,
  definition_group: group,
  assocfinca: col.bool,
  oneonly: col.bool,
  obsoletable: col.bool,
  finca_id: col.intOrNull,
  finca_name: col.textOrNull,
  validation: oneOf<CompanyValidationState>(["validated", "pending", "not-required", "none"], "validation state"),
  newest: col.bool,
});

export interface UploadedQuery extends SortedPage<CompanyDocumentSortKey> {
  id_finca?: number | undefined;
  id_definition?: number | undefined;
  expiry?: CompanyExpiryState | undefined;
  validation?: Exclude<CompanyValidationState, "none"> | undefined;
}

/**
 * One page of the live documents (neither they nor their files deleted) that `companyId` uploaded for the
 * live definitions of `colegioId`, with the total, in one statement (fetchPage): through
 * company_documents_company_idx (company, definition). Whether a row is the newest of its duty (no later
 * live document of the company for that definition there) is computed for the page's rows only.
 */
export function pageCompanyDocuments(
  db: DbOrTx,
  colegioId: number,
  companyId: number,
  q: UploadedQuery,
  today: string,
) {
  const expiry = expiryStateOf(today);
  const validation = validationStateOf(today);
  const like = containsPattern(q.filter);
  const conditions: SQL[] = [
    sql`d.company_id = ${companyId} and d.erased = false and f.deleted = false`,
    sql`dd.colegio_id = ${colegioId} and dd.erased = false`,
  ];
  if (q.filter) conditions.push(sql`(f.name ilike ${like} or dd.name ilike ${like} or c.name ilike ${like})`);
  if (q.id_finca !== undefined) conditions.push(sql`d.community_id = ${q.id_finca}`);
  if (q.id_definition !== undefined) conditions.push(sql`d.definition_id = ${q.id_definition}`);
  if (q.expiry !== undefined) conditions.push(sql`(${expiry}) = ${q.expiry}`);
  if (q.validation !== undefined) conditions.push(sql`(${validation}) = ${q.validation}`);
  return fetchPage(
    db,
    q,
    {
      select: sql`d.id, d.company_id, d.definition_id, d.community_id, f.id as file_id, f.name as file_name,
        f.size as file_size, f.created_at as file_created, to_char(f.obsolete, 'YYYY-MM-DD') as file_obsolete,
        (dd.obsoletable and f.obsolete is null) as needs_expiry, ${expiry} as expiry_state,
        dd.name as definition_name, dd."group" as definition_group, dd.assocfinca, dd.oneonly, dd.obsoletable,
        c.id as finca_id, c.name as finca_name, ${validation} as validation`,
      from: sql`company_documents d join files f on f.id = d.file_id
        join document_definitions dd on dd.id = d.definition_id
        left join communities c on c.id = d.community_id`,
      where: sql.join(conditions, sql` and `),
      orderBy: sortSql(UPLOADED_SORT, q.sortBy ?? "created", q.sortDesc ?? "DESC", "d.id"),
      late: sql`(select not exists (
          select 1 from company_documents nd join files nf on nf.id = nd.file_id
          where nd.company_id = page.company_id and nd.definition_id = page.definition_id
            and nd.community_id is not distinct from page.community_id and nd.erased = false
            and nf.deleted = false and nd.id > page.id) as newest)`,
    },
    (raw): CompanyDocumentRow => {
      const r = readUploaded(raw);
      return {
        id: r.id,
        file: {
          id: r.file_id,
          name: r.file_name,
          size: r.file_size,
          created: r.file_created,
          obsolete: r.file_obsolete,
        },
        needs_expiry: r.needs_expiry,
        expiry_state: r.expiry_state,
        definition: {
          id: r.definition_id,
          name: r.definition_name,
          group: r.definition_group,
          assocfinca: r.assocfinca,
          oneonly: r.oneonly,
          obsoletable: r.obsoletable,
        },
        finca: r.finca_id === null ? null : { id: r.finca_id, name: r.finca_name ?? "" },
        validation: r.validation,
        newest: r.newest,
      };
    },
  );
}

/**
 * What the filters of the caller's list offer: the communities and the definitions of the live documents
 * `companyId` uploaded in `colegioId` (its filters choose among them), by name. One statement.
 */
export async function companyDocumentFacets(db: DbOrTx, colegioId: number, companyId: number) {
  const rows = await queryTyped(
    db,
    sql`select distinct 'finca' as kind, c.id, c.name
        from company_documents d join files f on f.id = d.file_id
        join document_definitions dd on dd.id = d.definition_id and dd.colegio_id = ${colegioId} and dd.erased = false
        join communities c on c.id = d.community_id
        where d.company_id = ${companyId} and d.erased = false and f.deleted = false
        union
        select distinct 'definition', dd.id, dd.name
        from company_documents d join files f on f.id = d.file_id
        join document_definitions dd on dd.id = d.definition_id and dd.colegio_id = ${colegioId} and dd.erased = false
        where d.company_id = ${companyId} and d.erased = false and f.deleted = false
        order by 1, 3, 2`,
    { kind: col.text, id: col.int, name: col.text },
  );
  const named = (kind: string) => rows.filter((r) => r.kind === kind).map(({ id, name }) => ({ id, name }));
  return { fincas: named("finca"), definitions: named("definition") };
}

const COMMUNITIES_OF: Record<DocumentParty, (colegioId: number, companyId: number) => SQL> = {
  provider: providerCommunities,
  portero: porterCommunities,
  administrator: administratorCommunities,
};

/**
 * Every upload duty of `companyId` in `colegioId`, uploading as `party` (uploadDutyStates: each once, with
 * its state), by definition name, a general one before the per-community ones, these by community name.
 */
export function companyDuties(db: DbOrTx, colegioId: number, companyId: number, party: DocumentParty, today: string) {
  return queryTyped(
    db,
    sql`select * from (${uploadDutyStates(colegioId, companyId, party, COMMUNITIES_OF[party](colegioId, companyId), today)}) duty
        order by lower(duty.definition_name), duty.definition_id, duty.finca_id is not null, lower(duty.finca_name),
          duty.finca_id`,
    {
      definition_id: col.int,
      definition_name: col.text,
      definition_group: group,
      bound: col.bool,
      finca_id: col.intOrNull,
      finca_name: col.textOrNull,
      state: oneOf<DutyState>(DUTY_STATES, "duty state"),
      obsolete: col.textOrNull,
    },
  );
}
