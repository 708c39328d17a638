import { type ComplianceWorld, complianceModel, Requirement, todayInSpain } from "@coordina/domain";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../src/db/client.js";
import { queryRows } from "../src/db/client.js";
import { ensureCommunity, ensureMembership, ensureProviderLink } from "../src/db/seed/builders.js";
import { buildDocumentsWorld, define, uploaded } from "./documents-world.js";
import { makePdf, type TestContext, upload } from "./helpers.js";

/*
 * The compliance story's world (compliance.test.ts, admin-providers.test.ts; the property tests' random
 * worlds are compliance-world.ts), on the shared documents world (documents-world.ts) plus, for the views
 * of P1's communities: E1 (admin2's) and E2 (the demo administrator's) served by P1, E3 (deleted) and E4 (link removed) that it no longer serves, and B1 of
 * colegio B, which P1 also joins.
 *
 * Colegio A's definitions: EVAL (provider → administrator, mandatory, general, validated by the colegio),
 * RC (provider → administrator, mandatory, general, expiry required, validated), PLAN (provider →
 * provider, mandatory, per community, read required), ALB (provider, optional), RIESGOS (administrator →
 * provider, mandatory, per community, read required), PORT (porter's). Colegio B: BSEG (provider,
 * mandatory, general).
 */

export const COMPLIANCE_NAMES = {
  EVAL: "Evaluación de riesgos laborales",
  RC: "Seguro de responsabilidad civil",
  PLAN: "Plan de trabajo en la comunidad",
  ALB: "Albaranes",
  RIESGOS: "Riesgos de la finca",
  PORT: "Parte del portero",
  BSEG: "Assegurança",
};
export type DefinitionKey = keyof typeof COMPLIANCE_NAMES;
type Named = { id: number; name: string; cif: string };

/** The world before any upload: its definitions, the extra communities and the colegio's EVAL template. */
export async function buildComplianceWorld(ctx: TestContext) {
  const db = ctx.database.db;
  const w = await buildDocumentsWorld(ctx);
  const def = {} as Record<DefinitionKey, number>;
  const { provider, administrator, portero } = Requirement;
  for (const [key, input] of [
    ["EVAL", { requirement_origin: provider, mandatory: true, validate_colegio_required: true }],
    ["RC", { requirement_origin: provider, mandatory: true, obsoletable: true, validate_colegio_required: true }],
    [
      "PLAN",
      {
        requirement_origin: provider,
        requirement_dest: provider,
        mandatory: true,
        assocfinca: true,
        dest_read_required: true,
      },
    ],
    ["ALB", { requirement_origin: provider }],
    [
      "RIESGOS",
      {
        requirement_origin: administrator,
        requirement_dest: provider,
        mandatory: true,
        assocfinca: true,
        dest_read_required: true,
      },
    ],
    ["PORT", { requirement_origin: portero, mandatory: true, assocfinca: true }],
  ] as const) {
    def[key] = (await define(ctx, w.t.colegio, { name: COMPLIANCE_NAMES[key], ...input })).id;
  }
  def.BSEG = (
    await define(ctx, w.t.colegioB, { name: COMPLIANCE_NAMES.BSEG, requirement_origin: provider, mandatory: true })
  ).id;

  const community = (name: string, cif: string, adminCompanyId: number) =>
    ensureCommunity(db, { colegioId: w.A.id, adminCompanyId, name, cif });
  const E: Record<"E1" | "E2" | "E3" | "E4", Named> = {
    E1: await community("Edificio Alameda 3", "H28000101", w.admin2.id),
    E2: await community("Urbanización Pinar", "H28000102", w.admin.id),
    E3: await community("Comunidad Borrada 1", "H28000103", w.admin.id),
    E4: await community("Comunidad Antigua 2", "H28000104", w.admin.id),
  };
  for (const c of [E.E1, E.E2, E.E3, E.E4]) await ensureProviderLink(db, c.id, w.P1.id);
  await db.execute(sql`update communities set erased = true where id = ${E.E3.id}`);
  await db.execute(
    sql`update community_providers set erased = true where community_id = ${E.E4.id} and provider_company_id = ${w.P1.id}`,
  );
  await ensureMembership(db, w.B.id, w.P1.id);
  await ensureProviderLink(db, w.B1.id, w.P1.id);

  const res = await upload(
    ctx.app,
    "/file-manager/fileupload/upload",
    w.t.colegio,
    { docDefinitionId: def.EVAL },
    { name: "plantilla evaluación.pdf", data: await makePdf("Plantilla") },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { w, def, E, templateId: res.json().template.id as number };
}
export type ComplianceStoryWorld = Awaited<ReturnType<typeof buildComplianceWorld>>;

/** The documents of the story, uploaded through the API (P1's, P3's and the administrator's). */
export async function uploadComplianceDocuments(ctx: TestContext, { w, def, E }: ComplianceStoryWorld) {
  const A = w.A.id;
  const up = (token: string, fields: Record<string, string | number>, name: string) =>
    uploaded(ctx, token, A, fields, name);
  return {
    evalP1: await up(w.t.gremio, { id_definition: def.EVAL }, "evaluación.pdf"),
    rcOldP1: await up(w.t.gremio, { id_definition: def.RC, obsolete: "2020-01-31" }, "rc-2019.pdf"),
    rcNewerP1: await up(w.t.gremio, { id_definition: def.RC, obsolete: "2021-06-30" }, "rc-2020.pdf"),
    planC1P1: await up(w.t.gremio, { id_definition: def.PLAN, id_finca: w.C1.id }, "plan-c1.pdf"),
    planE2P1: await up(w.t.gremio, { id_definition: def.PLAN, id_finca: E.E2.id }, "plan-e2.pdf"),
    albP1: await up(w.t.gremio, { id_definition: def.ALB }, "albarán.pdf"),
    rcP3: await up(w.t.p3, { id_definition: def.RC }, "rc-sin-fecha.pdf"),
    planC1P3: await up(w.t.p3, { id_definition: def.PLAN, id_finca: w.C1.id }, "plan-p3.pdf"),
    riesgosC1: await up(w.t.administrador, { id_definition: def.RIESGOS, id_finca: w.C1.id }, "riesgos-c1.pdf"),
    riesgosC2: await up(w.t.administrador, { id_definition: def.RIESGOS, id_finca: w.C2.id }, "riesgos-c2.pdf"),
  };
}
export type ComplianceDocuments = Awaited<ReturnType<typeof uploadComplianceDocuments>>;

/** Inserts a read mark as the mark-read endpoint will (a user of the reader company clicked). */
export async function markRead(db: Db, documentId: number, communityId: number, readerCompanyId: number) {
  await db.execute(
    sql`insert into read_marks (document_id, community_id, reader_company_id, user_id)
        select ${documentId}, ${communityId}, ${readerCompanyId}, u.id from users u
        where u.company_id = ${readerCompanyId} order by u.id limit 1`,
  );
}

/** P1 read the administrator's risks in C1; P3 read P1's work plan there. */
export async function markComplianceReads(db: Db, { w }: ComplianceStoryWorld, doc: ComplianceDocuments) {
  await markRead(db, doc.riesgosC1.id, w.C1.id, w.P1.id);
  await markRead(db, doc.planC1P1.id, w.C1.id, w.P3.id);
}

/** The whole database as the reference model sees it, on `today` (Spain's day, by default now). */
export async function modelOfDatabase(db: Db, today = todayInSpain()) {
  const [definitions, communities, links, porterLinks, documents, reads] = await Promise.all([
    queryRows<Record<string, unknown>>(db, sql`select * from document_definitions`),
    queryRows<Record<string, unknown>>(db, sql`select * from communities`),
    queryRows<Record<string, unknown>>(db, sql`select * from community_providers`),
    queryRows<Record<string, unknown>>(
      db,
      sql`select cp.community_id, u.company_id, cp.erased or u.erased as erased from community_porters cp
          join users u on u.id = cp.porter_user_id`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select d.*, to_char(f.obsolete, 'YYYY-MM-DD') as obsolete, f.deleted, f.name as file_name
          from company_documents d join files f on f.id = d.file_id`,
    ),
    queryRows<Record<string, unknown>>(db, sql`select * from read_marks`),
  ]);
  const world: ComplianceWorld = {
    today,
    definitions: definitions.map((d) => ({
      id: Number(d.id),
      colegioId: Number(d.colegio_id),
      origin: Number(d.requirement_origin),
      dest: Number(d.requirement_dest),
      destReadRequired: d.dest_read_required === true,
      assocfinca: d.assocfinca === true,
      mandatory: d.mandatory === true,
      obsoletable: d.obsoletable === true,
      validateColegioRequired: d.validate_colegio_required === true,
      erased: d.erased === true,
      name: String(d.name),
    })),
    communities: communities.map((c) => ({
      id: Number(c.id),
      colegioId: Number(c.colegio_id),
      adminCompanyId: Number(c.admin_company_id),
      erased: c.erased === true,
    })),
    links: links.map((l) => ({
      communityId: Number(l.community_id),
      providerId: Number(l.provider_company_id),
      erased: l.erased === true,
    })),
    porterLinks: porterLinks.map((l) => ({
      communityId: Number(l.community_id),
      porterCompanyId: Number(l.company_id),
      erased: l.erased === true,
    })),
    documents: documents.map((d) => ({
      id: Number(d.id),
      definitionId: Number(d.definition_id),
      companyId: Number(d.company_id),
      communityId: d.community_id === null ? null : Number(d.community_id),
      obsolete: (d.obsolete as string | null) ?? null,
      fileDeleted: d.deleted === true,
      erased: d.erased === true,
      validated: d.validated === true,
      fileName: String(d.file_name),
    })),
    reads: reads.map((r) => ({
      documentId: Number(r.document_id),
      communityId: Number(r.community_id),
      readerCompanyId: Number(r.reader_company_id),
    })),
  };
  return complianceModel(world);
}
