import { FEATURE, Requirement, Role } from "@coordina/domain";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { verifyPassword } from "../../modules/auth/passwords.js";
import type { Db } from "../client.js";
import { companies, linkTokens, sessions, users } from "../schema/index.js";
import {
  ensureActivity,
  ensureCommunity,
  ensureCompany,
  ensureCompanyActivity,
  ensureLegalAccepted,
  ensureMembership,
  ensurePorterLink,
  ensureProviderLink,
  ensureUser,
} from "./builders.js";

export const DEMO_PASSWORD = "Coordina2026!";

/** The demo colegio's features: the spec's defaults and the porters' administration (issue 19). */
const DEMO_COLEGIO_FEATURES = [FEATURE.lopd, FEATURE.lopdWorkers, FEATURE.porterosAdmin];

export const DEMO_ACCOUNTS = {
  master: "master@coordina.test",
  colegio: "colegio@coordina.test",
  administrador: "admin@coordina.test",
  gremio: "proveedor@coordina.test",
  portero: "portero@coordina.test",
} as const;

/**
 * The demo world: one colegio under the master, an administrator with one community, a provider serving
 * it and its porter, and one user per role. Safe to run on every start.
 */
export async function seedDemo(db: Db) {
  const master = await ensureCompany(db, { type: Role.master, name: "Coordina Master", cif: "B00000005" });
  await ensureUser(db, {
    email: DEMO_ACCOUNTS.master,
    password: DEMO_PASSWORD,
    companyId: master.id,
    role: Role.master,
  });

  const colegio = await ensureCompany(db, {
    type: Role.colegio,
    name: "Colegio de Administradores de Fincas de Madrid",
    cif: "Q2863006I",
    ownerCompanyId: master.id,
    city: "Madrid",
    province: "Madrid",
    region: "MD",
    features: DEMO_COLEGIO_FEATURES,
  });
  // A demo database made before the colegio had its features gets them (a colegio's own choice is kept).
  if (colegio.features === null) {
    await db.update(companies).set({ features: DEMO_COLEGIO_FEATURES }).where(eq(companies.id, colegio.id));
    colegio.features = DEMO_COLEGIO_FEATURES;
  }
  await ensureUser(db, {
    email: DEMO_ACCOUNTS.colegio,
    password: DEMO_PASSWORD,
    companyId: colegio.id,
    role: Role.colegio,
  });

  const admin = await ensureCompany(db, {
    type: Role.administrador,
    name: "Fincas Centro Administración S.L.",
    cif: "B86123450",
    ownerCompanyId: colegio.id,
    contactPerson: "Laura Gómez",
    phone: "910000001",
    city: "Madrid",
    province: "Madrid",
    postcode: "28013",
  });
  await ensureMembership(db, colegio.id, admin.id);
  const adminUser = await ensureUser(db, {
    email: DEMO_ACCOUNTS.administrador,
    password: DEMO_PASSWORD,
    companyId: admin.id,
    role: Role.administrador,
  });

  const provider = await ensureCompany(db, {
    type: Role.gremio,
    name: "Ascensores Levante S.L.",
    cif: "B87654321",
    ownerCompanyId: colegio.id,
    contactPerson: "Marcos Ruiz",
    phone: "910000002",
    city: "Madrid",
    province: "Madrid",
    postcode: "28020",
  });
  await ensureMembership(db, colegio.id, provider.id);
  const providerUser = await ensureUser(db, {
    email: DEMO_ACCOUNTS.gremio,
    password: DEMO_PASSWORD,
    companyId: provider.id,
    role: Role.gremio,
  });

  // The colegio's activities; the demo provider maintains lifts.
  const activityNames = [
    "Ascensores",
    "Limpieza",
    "Jardinería",
    "Fontanería",
    "Electricidad",
    "Pintura",
    "Control de plagas",
    "Protección contra incendios",
  ];
  const demoActivities = [];
  for (const name of activityNames) demoActivities.push(await ensureActivity(db, colegio.id, name));
  await ensureCompanyActivity(db, provider.id, demoActivities[0]!.id);

  // The demo's administrator and provider have accepted the terms; people invited later see the notice.
  await ensureLegalAccepted(db, adminUser.id);
  await ensureLegalAccepted(db, providerUser.id);

  const community = await ensureCommunity(db, {
    colegioId: colegio.id,
    adminCompanyId: admin.id,
    name: "Comunidad de Propietarios Calle Mayor 10",
    cif: "H28123456",
    address: "Calle Mayor 10",
    city: "Madrid",
    province: "Madrid",
    postcode: "28013",
  });
  await ensureProviderLink(db, community.id, provider.id);

  const porterCompany = await ensureCompany(db, {
    type: Role.portero,
    name: "Juan Pérez Portero",
    cif: "12345678Z",
    ownerCompanyId: admin.id,
    address: "Calle Mayor 10",
    city: "Madrid",
    province: "Madrid",
    postcode: "28013",
  });
  const porter = await ensureUser(db, {
    email: DEMO_ACCOUNTS.portero,
    password: DEMO_PASSWORD,
    companyId: porterCompany.id,
    role: Role.portero,
  });
  await ensurePorterLink(db, community.id, porter.id);

  return { master, colegio, admin, provider, community, porterCompany, porter };
}

/**
 * What the demo colegio asks for (the portal run with demo data, not the tests' world): the documents
 * a provider brings to a community (risk assessment, civil-liability insurance that expires and the
 * colegio validates, responsible declaration, LOPD contract), what the administrator gives providers and
 * porters in each community, and the porter's training certificate (it expires). Added once; a colegio that already has definitions is left
 * as it is.
 */
export async function seedDemoDocuments(db: Db, colegioId: number) {
  const existing = await db.execute(sql`select 1 from document_definitions where colegio_id = ${colegioId} limit 1`);
  if ((existing as unknown as { rows: unknown[] }).rows.length > 0) return;
  const { administrator, provider, portero } = Requirement;
  const definitions: [string, number, number, string][] = [
    ["Evaluación de riesgos laborales", provider, administrator, "mandatory oneonly"],
    ["Seguro de responsabilidad civil", provider, administrator, "mandatory obsoletable validate"],
    ["Declaración responsable", provider, administrator, "mandatory oneonly"],
    ["Riesgos y medidas de emergencia de la finca", administrator, provider, "mandatory assocfinca read"],
    ["Contrato de encargado del tratamiento (LOPD)", provider, administrator, "mandatory LOPD"],
    ["Instrucciones de seguridad para el portero", administrator, portero, "mandatory assocfinca read"],
    ["Formación en prevención del portero", portero, administrator, "mandatory obsoletable PORTERO"],
  ];
  for (const [name, origin, dest, flags] of definitions) {
    const has = (flag: string) => flags.split(" ").includes(flag);
    await db.execute(sql`
      insert into document_definitions (colegio_id, name, requirement_origin, requirement_dest, dest_read_required,
        assocfinca, oneonly, mandatory, obsoletable, validate_colegio_required, "group")
      values (${colegioId}, ${name}, ${origin}, ${dest}, ${has("read")}, ${has("assocfinca")}, ${has("oneonly")},
        ${has("mandatory")}, ${has("obsoletable")}, ${has("validate")},
        ${has("LOPD") ? "LOPD" : has("PORTERO") ? "PORTERO" : null})`);
  }
}

/**
 * Outside demo mode, the demo accounts left by an earlier demo run keep no way in while they still have
 * the published demo password: it is cleared, their sessions end and their mailed links stop working (a
 * password set since is kept).
 */
export async function retireDemoPasswords(db: Db): Promise<number> {
  const emails = Object.values(DEMO_ACCOUNTS);
  const found = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, emails), isNotNull(users.passwordHash)));
  let retired = 0;
  for (const user of found) {
    if (!(await verifyPassword(DEMO_PASSWORD, user.passwordHash))) continue;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      // Nor may a link mailed to them earlier set a new one.
      await tx
        .update(linkTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(linkTokens.userId, user.id), isNull(linkTokens.usedAt)));
    });
    retired++;
  }
  return retired;
}
