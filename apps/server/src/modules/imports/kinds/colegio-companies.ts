import {
  ErrorKey,
  type ImportMessageKey,
  importMessage,
  isValidEmail,
  NAME_MAX_LENGTH,
  normalizeEmail,
  normalizeTaxId,
  PHONE_MAX_LENGTH,
  splitActivities,
} from "@coordina/domain";
import type { Db } from "../../../db/client.js";
import { requireAccess } from "../../../lib/access.js";
import type { SheetRow } from "../../../lib/sheets/read-sheet.js";
import { newCompanyPolicy } from "../../accounts/invitations.policy.js";
import { colegioScope, companyPolicy } from "../../companies/companies.policy.js";
import type { ImportKindHandler, ImportScope, RowCheck } from "../import-kind.js";
import { applyColegioCompanies } from "./colegio-companies.apply.js";
import type { ColegioCompanyKind, ColegioCompanyPlan } from "./colegio-companies.plan.js";
import {
  type CompanyByTaxId,
  colegioActivitiesNamed,
  companiesByTaxIds,
  usersByEmails,
} from "./colegio-companies.repository.js";
import { taxIdProblem, tooLong } from "./row-checks.js";

/**
 * The colegio's two imports (spec 01 §2–§5, issue 20): administrator companies (name, cif, email) and
 * provider companies (name, cif, email, tlfn, activity). Each row registers a company as the colegio's
 * NIF form does: a new one with its manager, who gets the link to set a password (registerForColegio),
 * or an existing one of the right type included in the colegio (includeInColegio); one already a member
 * is left as it is (a provider gets the row's activities it lacked).
 */
export function colegioCompaniesImport(options: ColegioCompanyKind): ImportKindHandler<ColegioCompanyPlan> {
  return {
    kind: options.kind,
    async scopeFor(_db, actor) {
      // The colegio registers companies of this level and includes existing ones, as by hand.
      requireAccess(newCompanyPolicy, actor, "register", { type: options.type });
      requireAccess(companyPolicy, actor, "include", undefined);
      const colegioId = colegioScope(actor);
      return { companyId: actor.companyId, colegioId, communityId: null, userId: actor.userId };
    },
    validate: (db, scope, rows) => validateRows(db, scope, rows, options),
    apply: (tx, ctx, scope, batch) => applyColegioCompanies(tx, ctx, scope, batch, options),
  };
}

/** A row's cells, normalized. */
function planOf(values: Record<string, string>, options: ColegioCompanyKind) {
  const cif = (values.cif ?? "").trim();
  return {
    name: (values.name ?? "").trim(),
    cif,
    cifNorm: normalizeTaxId(cif),
    typedEmail: (values.email ?? "").trim(),
    email: normalizeEmail(values.email ?? ""),
    phone: options.activities ? (values.tlfn ?? "").trim() || null : null,
    activityNames: options.activities ? splitActivities(values.activity ?? "") : [],
  };
}

/**
 * Every row at once, with three set queries whatever the file's length: the companies with the file's
 * tax ids, the users with its e-mails, the colegio's activities it names. Changes nothing.
 */
async function validateRows(
  db: Db,
  scope: ImportScope,
  rows: readonly SheetRow[],
  options: ColegioCompanyKind,
): Promise<RowCheck<ColegioCompanyPlan>[]> {
  const parsed = rows.map((r) => ({ row: r.row, sheetRow: r, ...planOf(r.values, options) }));
  const cifs = [...new Set(parsed.map((p) => p.cifNorm).filter((c) => c !== ""))];
  const emails = [...new Set(parsed.map((p) => p.email).filter((e) => e !== "" && isValidEmail(e)))];
  const names = [...new Set(parsed.flatMap((p) => p.activityNames))];
  const companies = new Map<string, CompanyByTaxId>();
  for (const c of await companiesByTaxIds(db, scope.colegioId, cifs)) if (!c.abandoned) companies.set(c.cif_norm, c);
  const users = new Map<string, number>();
  for (const u of await usersByEmails(db, emails)) if (!u.abandoned) users.set(u.email, u.company_id);
  const activityIds = await colegioActivitiesNamed(db, scope.colegioId, names);

  const firstOfCif = new Map<string, number>();
  const firstNewOfEmail = new Map<string, number>();
  return parsed.map((p): RowCheck<ColegioCompanyPlan> => {
    const fail = (key: ImportMessageKey, params: Record<string, string> = {}) => ({
      row: p.row,
      error: importMessage(key, params),
    });
    // Unknown activities first (spec 01 §4: they stop a providers import before anything else).
    const unknown = p.activityNames.find((name) => !activityIds.has(name));
    if (unknown !== undefined) return fail(ErrorKey.importActivityNotFound, { activity: unknown });
    if (p.cifNorm === "") return fail(ErrorKey.importRowNoCif);
    // The hand form's limits (companyRegistrationSchema), whether the company is new or not.
    const wrongCell =
      taxIdProblem(p.sheetRow, "cif") ??
      tooLong(p.sheetRow, "name", NAME_MAX_LENGTH) ??
      (options.activities ? tooLong(p.sheetRow, "tlfn", PHONE_MAX_LENGTH) : undefined);
    if (wrongCell) return { row: p.row, error: wrongCell };
    if (p.email !== "" && !isValidEmail(p.email))
      return fail(ErrorKey.importMailInvalid, { mail: p.typedEmail, row: String(p.row) });
    const first = firstOfCif.get(p.cifNorm);
    if (first !== undefined) return fail(ErrorKey.importRowDuplicate, { cif: p.cif, first: String(first) });
    firstOfCif.set(p.cifNorm, p.row);

    const existing = companies.get(p.cifNorm);
    const userCompany = p.email === "" ? undefined : users.get(p.email);
    if (existing) {
      if (existing.type !== options.type) return fail(ErrorKey.importRowTypeMismatch, { cif: p.cif });
      if (existing.membership === "deactivated") return fail(ErrorKey.importRowDeactivated, { cif: p.cif });
      if (userCompany !== undefined && userCompany !== existing.id)
        return fail(ErrorKey.importRowEmailTaken, { mail: p.email });
    } else {
      if (p.name === "") return fail(ErrorKey.importRowNoName);
      if (p.email === "") return fail(ErrorKey.importMailInvalid, { mail: "", row: String(p.row) });
      if (userCompany !== undefined) return fail(ErrorKey.importRowEmailTaken, { mail: p.email });
      const firstNew = firstNewOfEmail.get(p.email);
      if (firstNew !== undefined)
        return fail(ErrorKey.importRowEmailRepeated, { mail: p.email, first: String(firstNew) });
      firstNewOfEmail.set(p.email, p.row);
    }
    const ids = p.activityNames.map((name) => activityIds.get(name)!);
    return {
      row: p.row,
      plan: {
        name: p.name,
        cif: p.cif,
        cifNorm: p.cifNorm,
        email: p.email,
        phone: p.phone,
        activityIds: [...new Set(ids)],
      },
    };
  });
}
