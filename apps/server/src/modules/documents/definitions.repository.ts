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
import { col, queryTyped, type RowOf, rowReader } from "../../db/rows.js";
import { containsPattern, fetchPage } from "../../lib/paging.js";
import { sqlList } from "../../lib/sql-list.js";

/** The definition columns every answer carries, from alias `def`, named as DefinitionRecord names them. */
export const definitionColumns = sql`def.id, def.colegio_id as "colegioId", def.name,
  def.requirement_origin as "requirementOrigin", def.requirement_dest as "requirementDest",
  def.origin_read_required as "originReadRequired", def.dest_read_required as "destReadRequired", def.assocfinca,
  def.oneonly, def.mandatory, def.obsoletable, def.validate_colegio_required as "validateColegioRequired",
  def.editable_colegio as "editableColegio", def."group", def.erased`;

const definitionRow = {
  id: col.int,
  colegioId: col.int,
  name: col.text,
  requirementOrigin: col.int,
  requirementDest: col.int,
  originReadRequired: col.bool,
  destReadRequired: col.bool,
  assocfinca: col.bool,
  oneonly: col.bool,
  mandatory: col.bool,
  obsoletable: col.bool,
  validateColegioRequired: col.bool,
  editableColegio: col.bool,
  group: col.as<DocumentGroup | null>(),
  erased: col.bool,
};
export type DefinitionRecord = RowOf<typeof definitionRow>;

/** The definition of a row that selected `definitionColumns`. */
export const toDefinition = rowReader(definitionRow);

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
function groupCondition(group: GroupFilter): SQL {
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
const counts = { templates_count: col.int, documents_count: col.int };
const readCounts = rowReader(counts);

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
    (raw): DefinitionRow => ({ ...definitionOut(toDefinition(raw)), ...readCounts(raw) }),
  );
}

/**
 * The live definitions of a colegio that `party` uploads, in one group, by name (getcompanydefined);
 * those bound to communities only `withBound`.
 */
export async function definitionsUploadedByParty(
  db: DbOrTx,
  colegioId: number,
  party: DocumentParty,
  group: GroupFilter,
  withBound: boolean,
): Promise<DefinitionRecord[]> {
  return queryTyped(
    db,
    sql`select ${definitionColumns} from document_definitions def
        where def.colegio_id = ${colegioId} and def.erased = false and ${originIncludes(party)}
          and ${groupCondition(group)} ${withBound ? sql`` : sql`and def.assocfinca = false`}
        order by lower(def.name), def.id`,
    definitionRow,
  );
}

export async function findDefinition(db: DbOrTx, id: number): Promise<DefinitionRecord | undefined> {
  const [definition] = await queryTyped(
    db,
    sql`select ${definitionColumns} from document_definitions def where def.id = ${id}`,
    definitionRow,
  );
  return definition;
}

export async function definitionCounts(db: DbOrTx, id: number) {
  const [found] = await queryTyped(
    db,
    sql`select ${liveTemplates} as templates_count, ${liveDocuments()} as documents_count
        from document_definitions def where def.id = ${id}`,
    counts,
  );
  return found ?? { templates_count: 0, documents_count: 0 };
}

type Parsed = Required<{ [K in keyof DefinitionInput]-?: Exclude<DefinitionInput[K], undefined> }>;

function columnsOf(input: Parsed) {
  return sql`${input.name}, ${input.requirement_origin}, ${input.requirement_dest}, ${input.origin_read_required},
    ${input.dest_read_required}, ${input.assocfinca}, ${input.oneonly}, ${input.mandatory}, ${input.obsoletable},
    ${input.validate_colegio_required}, ${input.group}`;
}

export async function insertDefinition(db: DbOrTx, colegioId: number, input: Parsed): Promise<DefinitionRecord> {
  const [inserted] = await queryTyped(
    db,
    sql`insert into document_definitions as def (colegio_id, name, requirement_origin, requirement_dest,
          origin_read_required, dest_read_required, assocfinca, oneonly, mandatory, obsoletable,
          validate_colegio_required, "group")
        values (${colegioId}, ${columnsOf(input)})
        returning ${definitionColumns}`,
    definitionRow,
  );
  return inserted!;
}

/** Updates a live definition of the colegio; undefined when there is none. */
export async function updateDefinition(db: DbOrTx, id: number, colegioId: number, input: Parsed) {
  const [updated] = await queryTyped(
    db,
    sql`update document_definitions as def set (name, requirement_origin, requirement_dest, origin_read_required,
          dest_read_required, assocfinca, oneonly, mandatory, obsoletable, validate_colegio_required, "group")
          = (${columnsOf(input)})
        where def.id = ${id} and def.colegio_id = ${colegioId} and def.erased = false
        returning ${definitionColumns}`,
    definitionRow,
  );
  return updated;
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
export async function standingIn(
  db: DbOrTx,
  actor: { companyId: number; userId: number },
  colegioId: number,
): Promise<{ member: boolean; porterInColegio: boolean }> {
  const [standing] = await queryTyped(
    db,
    sql`select
          exists (select 1 from colegio_members m
                  where m.colegio_id = ${colegioId} and m.company_id = ${actor.companyId} and m.erased = false) as member,
          exists (select 1 from community_porters p join communities c on c.id = p.community_id
                  where p.porter_user_id = ${actor.userId} and p.erased = false
                    and c.colegio_id = ${colegioId} and c.erased = false) as "porterInColegio"`,
    { member: col.bool, porterInColegio: col.bool },
  );
  return standing ?? { member: false, porterInColegio: false };
}

// ── Templates ──

const templateColumns = sql`t.id, t.definition_id, f.id as file_id, f.name as file_name, f.size as file_size`;
const readTemplateColumns = rowReader({
  id: col.int,
  definition_id: col.int,
  file_id: col.int,
  file_name: col.text,
  file_size: col.int,
});

function toTemplate(raw: Record<string, unknown>): TemplateRow {
  const t = readTemplateColumns(raw);
  return {
    id: t.id,
    id_document_require_definition: t.definition_id,
    fileupload: { id: t.file_id, name: t.file_name, size: t.file_size },
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
  const [template] = await queryTyped(
    db,
    sql`select t.id, t.erased, def.colegio_id as "colegioId" from definition_templates t
        join document_definitions def on def.id = t.definition_id where t.id = ${id}`,
    { id: col.int, erased: col.bool, colegioId: col.int },
  );
  return template;
}

export async function eraseTemplate(db: DbOrTx, id: number) {
  await db.execute(sql`update definition_templates set erased = true where id = ${id}`);
}
