import {
  type DefinitionInput,
  type DefinitionRow,
  type DocumentGroup,
  type DocumentParty,
  type GroupFilter,
  requirementsIncluding,
  type TemplateRow,
} from "@coordina/domain";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client.js";
import { containsPattern, fetchPage } from "../../lib/paging.js";
import { sqlList } from "../../lib/sql-list.js";

/** The definition columns every answer carries, from alias `def`. */
export const definitionColumns = sql`def.id, def.colegio_id, def.name, def.requirement_origin, def.requirement_dest,
  def.origin_read_required, def.dest_read_required, def.assocfinca, def.oneonly, def.mandatory, def.obsoletable,
  def.validate_colegio_required, def.editable_colegio, def."group", def.erased`;

export interface DefinitionRecord {
  id: number;
  colegioId: number;
  name: string;
  requirementOrigin: number;
  requirementDest: number;
  originReadRequired: boolean;
  destReadRequired: boolean;
  assocfinca: boolean;
  oneonly: boolean;
  mandatory: boolean;
  obsoletable: boolean;
  validateColegioRequired: boolean;
  editableColegio: boolean;
  group: DocumentGroup | null;
  erased: boolean;
}

export function toDefinition(raw: Record<string, unknown>): DefinitionRecord {
  return {
    id: Number(raw.id),
    colegioId: Number(raw.colegio_id),
    name: String(raw.name),
    requirementOrigin: Number(raw.requirement_origin),
    requirementDest: Number(raw.requirement_dest),
    originReadRequired: raw.origin_read_required === true,
    destReadRequired: raw.dest_read_required === true,
    assocfinca: raw.assocfinca === true,
    oneonly: raw.oneonly === true,
    mandatory: raw.mandatory === true,
    obsoletable: raw.obsoletable === true,
    validateColegioRequired: raw.validate_colegio_required === true,
    editableColegio: raw.editable_colegio === true,
    group: (raw.group as DocumentGroup | null) ?? null,
    erased: raw.erased === true,
  };
}

/** A definition as the API shows it (spec 02 §3 field names). */
export function definitionOut(d: DefinitionRecord): Omit<DefinitionRow, "templates_count" | "documents_count"> {
  return {
    id: d.id,
    name: d.name,
    requirement_origin: d.requirementOrigin,
    requirement_dest: d.requirementDest,
    origin_read_required: d.originReadRequired,
    dest_read_required: d.destReadRequired,
    assocfinca: d.assocfinca,
    oneonly: d.oneonly,
    mandatory: d.mandatory,
    obsoletable: d.obsoletable,
    validate_colegio_required: d.validateColegioRequired,
    id_company: d.colegioId,
    editable_colegio: d.editableColegio,
    group: d.group,
  };
}

/** The group filter of the lists: CAF is no group. */
export function groupCondition(group: GroupFilter): SQL {
  if (group === "ALL") return sql`true`;
  if (group === "CAF") return sql`def."group" is null`;
  return sql`def."group" = ${group}`;
}

/** Definitions whose origin includes `party` (the tabs; who uploads). */
export function originIncludes(party: DocumentParty): SQL {
  return sql`def.requirement_origin in (${sqlList(requirementsIncluding(party))})`;
}

/** Definitions whose destination includes `party` (who receives). */
export function destIncludes(party: DocumentParty): SQL {
  return sql`def.requirement_dest in (${sqlList(requirementsIncluding(party))})`;
}

const liveTemplates = sql`(select count(*) from definition_templates t where t.definition_id = def.id and t.erased = false)`;
/** Live documents uploaded for a definition: all of them, or (`companyId`) one company's. */
const liveDocuments = (companyId?: number) =>
  sql`(select count(*) from company_documents d where d.definition_id = def.id and d.erased = false
       ${companyId === undefined ? sql`` : sql`and d.company_id = ${companyId}`})`;

/**
 * One page of a colegio's definitions with their template and document counts; `ownCompanyId` limits the
 * document count to that company's (other companies' uploads are not a member's business).
 */
export async function pageDefinitions(
  db: DbOrTx,
  colegioId: number,
  ownCompanyId: number | undefined,
  q: { tab?: DocumentParty | undefined; group: GroupFilter; filter: string; currentPage: number; perPage: number },
) {
  const where = sql.join(
    [
      sql`def.colegio_id = ${colegioId} and def.erased = false`,
      q.tab ? originIncludes(q.tab) : sql`true`,
      groupCondition(q.group),
      q.filter ? sql`def.name ilike ${containsPattern(q.filter)}` : sql`true`,
    ],
    sql` and `,
  );
  return fetchPage(
    db,
    { page: q.currentPage, limit: q.perPage },
    {
      select: sql`${definitionColumns}, ${liveTemplates} as templates_count, ${liveDocuments(ownCompanyId)} as documents_count`,
      from: sql`document_definitions def`,
      where,
      orderBy: sql`lower(def.name), def.id`,
    },
    (raw): DefinitionRow => ({
      ...definitionOut(toDefinition(raw)),
      templates_count: Number(raw.templates_count),
      documents_count: Number(raw.documents_count),
    }),
  );
}

export async function findDefinition(db: DbOrTx, id: number): Promise<DefinitionRecord | undefined> {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${definitionColumns} from document_definitions def where def.id = ${id}`,
  );
  return raw ? toDefinition(raw) : undefined;
}

export async function definitionCounts(db: DbOrTx, id: number) {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${liveTemplates} as templates_count, ${liveDocuments()} as documents_count
        from document_definitions def where def.id = ${id}`,
  );
  return { templates_count: Number(raw?.templates_count ?? 0), documents_count: Number(raw?.documents_count ?? 0) };
}

type Parsed = Required<{ [K in keyof DefinitionInput]-?: Exclude<DefinitionInput[K], undefined> }>;

function columnsOf(input: Parsed) {
  return sql`${input.name}, ${input.requirement_origin}, ${input.requirement_dest}, ${input.origin_read_required},
    ${input.dest_read_required}, ${input.assocfinca}, ${input.oneonly}, ${input.mandatory}, ${input.obsoletable},
    ${input.validate_colegio_required}, ${input.group}`;
}

export async function insertDefinition(db: DbOrTx, colegioId: number, input: Parsed): Promise<DefinitionRecord> {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`insert into document_definitions as def (colegio_id, name, requirement_origin, requirement_dest,
          origin_read_required, dest_read_required, assocfinca, oneonly, mandatory, obsoletable,
          validate_colegio_required, "group")
        values (${colegioId}, ${columnsOf(input)})
        returning ${definitionColumns}`,
  );
  return toDefinition(raw!);
}

/** Updates a live definition of the colegio; undefined when there is none. */
export async function updateDefinition(db: DbOrTx, id: number, colegioId: number, input: Parsed) {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`update document_definitions as def set (name, requirement_origin, requirement_dest, origin_read_required,
          dest_read_required, assocfinca, oneonly, mandatory, obsoletable, validate_colegio_required, "group")
          = (${columnsOf(input)})
        where def.id = ${id} and def.colegio_id = ${colegioId} and def.erased = false
        returning ${definitionColumns}`,
  );
  return raw ? toDefinition(raw) : undefined;
}

/**
 * Deletes a definition with everything uploaded for it, softly: the documents and templates are marked
 * erased (their files stay, as evidence). One statement, so it happens entirely or not at all.
 */
export async function eraseDefinition(db: DbOrTx, id: number, colegioId: number): Promise<boolean> {
  // Data-modifying CTEs run whether or not the final select reads them.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with gone as (
          update document_definitions set erased = true
          where id = ${id} and colegio_id = ${colegioId} and erased = false returning id),
        docs as (
          update company_documents set erased = true, erased_at = now()
          where definition_id in (select id from gone) and erased = false),
        templates as (
          update definition_templates set erased = true
          where definition_id in (select id from gone) and erased = false)
        select id from gone`,
  );
  return rows.length > 0;
}

/** Where the caller stands in a colegio: its company works in it; it is a porter of one of its communities. */
export async function standingIn(db: DbOrTx, actor: { companyId: number; userId: number }, colegioId: number) {
  const [raw] = await queryRows<{ member: boolean; porter: boolean }>(
    db,
    sql`select
          exists (select 1 from colegio_members m
                  where m.colegio_id = ${colegioId} and m.company_id = ${actor.companyId} and m.erased = false) as member,
          exists (select 1 from community_porters p join communities c on c.id = p.community_id
                  where p.porter_user_id = ${actor.userId} and p.erased = false
                    and c.colegio_id = ${colegioId} and c.erased = false) as porter`,
  );
  return { member: raw?.member === true, porterInColegio: raw?.porter === true };
}

// ── Templates ──

const templateColumns = sql`t.id, t.definition_id, f.id as file_id, f.name as file_name, f.size as file_size`;

function toTemplate(raw: Record<string, unknown>): TemplateRow {
  return {
    id: Number(raw.id),
    id_document_require_definition: Number(raw.definition_id),
    fileupload: { id: Number(raw.file_id), name: String(raw.file_name), size: Number(raw.file_size) },
  };
}

/** The live templates of some definitions, oldest first. */
export async function templatesOf(db: DbOrTx, definitionIds: number[]): Promise<TemplateRow[]> {
  if (definitionIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${templateColumns} from definition_templates t join files f on f.id = t.file_id
        where t.definition_id in (${sqlList(definitionIds)}) and t.erased = false
        order by t.id`,
  );
  return rows.map(toTemplate);
}

export async function insertTemplate(db: DbOrTx, definitionId: number, fileId: number): Promise<TemplateRow> {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`with t as (insert into definition_templates (definition_id, file_id) values (${definitionId}, ${fileId})
                   returning id, definition_id, file_id)
        select ${templateColumns} from t join files f on f.id = t.file_id`,
  );
  return toTemplate(raw!);
}

/** A template with the colegio of its definition. */
export async function findTemplate(db: DbOrTx, id: number) {
  const [raw] = await queryRows<{ id: number; erased: boolean; colegio_id: number }>(
    db,
    sql`select t.id, t.erased, def.colegio_id from definition_templates t
        join document_definitions def on def.id = t.definition_id where t.id = ${id}`,
  );
  return raw ? { id: Number(raw.id), erased: raw.erased === true, colegioId: Number(raw.colegio_id) } : undefined;
}

export async function eraseTemplate(db: DbOrTx, id: number) {
  await db.execute(sql`update definition_templates set erased = true where id = ${id}`);
}
