import { ErrorKey, importMessage as message } from "@coordina/domain";
import type { DbOrTx } from "../../../db/client.js";
import { isForeignKeyViolation } from "../../../lib/db-errors.js";
import {
  createCompaniesWithManagers,
  deleteRegistration,
  deleteRegistrations,
} from "../../accounts/accounts.repository.js";
import { type AccountsContext, tokenLink } from "../../accounts/context.js";
import { findCompany } from "../../companies/companies.repository.js";
import { includedMail, type OutboxMail, registryMail } from "../../mail/templates.js";
import type { ImportScope, RowResult } from "../import-kind.js";
import type { ColegioCompanyKind, ColegioCompanyPlan } from "./colegio-companies.plan.js";
import {
  abandonedRegistrationsHolding,
  addCompanyActivities,
  addMemberships,
  companiesByTaxIds,
  issueRegistryTokens,
  usersByEmails,
} from "./colegio-companies.repository.js";

const CREATED: RowResult = { outcome: "created", message: message(ErrorKey.importRowCreated) };
const INCLUDED: RowResult = { outcome: "included", message: message(ErrorKey.importRowIncluded) };
const ALREADY: RowResult = { outcome: "already", message: message(ErrorKey.importRowAlreadyMember) };

/**
 * One batch of the colegio's imports, inside the runner's transaction, with a dozen set statements
 * whatever its size. What validation saw is read again here: a company registered meanwhile (by hand, by
 * an earlier run of the same file) is included or left as it is instead of registered twice. New
 * companies are registered as registerForColegio does (the company, its manager without a password, the
 * owner, the membership, the link mailed in the same transaction, saying which colegio registered it);
 * existing ones join the colegio as includeInColegio does (their manager is told by mail).
 */
export async function applyColegioCompanies(
  tx: DbOrTx,
  ctx: AccountsContext,
  scope: ImportScope,
  batch: readonly { row: number; plan: ColegioCompanyPlan }[],
  options: ColegioCompanyKind,
): Promise<RowResult[]> {
  const plans = batch.map((b) => b.plan);
  await releaseAbandonedRegistrations(tx, {
    emails: [...new Set(plans.map((p) => p.email).filter((e) => e !== ""))],
    cifNorms: [...new Set(plans.map((p) => p.cifNorm))],
  });
  const companies = new Map(
    (
      await companiesByTaxIds(
        tx,
        scope.colegioId,
        plans.map((p) => p.cifNorm),
      )
    ).map((c) => [c.cif_norm, c]),
  );
  const fresh = plans.filter((p) => !companies.has(p.cifNorm));
  const takenEmails = new Set(
    (
      await usersByEmails(
        tx,
        fresh.map((p) => p.email),
      )
    ).map((u) => u.email),
  );

  const results: RowResult[] = [];
  const toCreate: ColegioCompanyPlan[] = [];
  const toInclude: number[] = [];
  /** the company each row ends up with (for its activities) */
  const companyOfRow = new Map<number, number>();
  plans.forEach((plan, index) => {
    const existing = companies.get(plan.cifNorm);
    if (!existing) {
      if (takenEmails.has(plan.email)) {
        results[index] = { outcome: "failed", message: message(ErrorKey.importRowEmailTaken, { mail: plan.email }) };
        return;
      }
      toCreate.push(plan);
      return;
    }
    if (existing.type !== options.type) {
      results[index] = { outcome: "failed", message: message(ErrorKey.importRowTypeMismatch, { cif: plan.cif }) };
    } else if (existing.membership === "deactivated") {
      results[index] = { outcome: "failed", message: message(ErrorKey.importRowDeactivated, { cif: plan.cif }) };
    } else {
      companyOfRow.set(index, existing.id);
      if (existing.membership === null) toInclude.push(existing.id);
      else results[index] = ALREADY;
    }
  });

  const created = new Map(
    (
      await createCompaniesWithManagers(
        tx,
        toCreate.map((p) => ({
          type: options.type,
          name: p.name,
          cif: p.cif,
          cifNorm: p.cifNorm,
          email: p.email,
          phone: p.phone,
          ownerCompanyId: scope.colegioId,
        })),
      )
    ).map((c) => [c.cifNorm, c]),
  );
  const joined = await addMemberships(tx, scope.colegioId, [
    ...[...created.values()].map((c) => c.companyId),
    ...toInclude,
  ]);
  const tokens = await issueRegistryTokens(
    tx,
    [...created.values()].map((c) => c.userId),
  );
  const colegioName = (await findCompany(tx, scope.colegioId))?.name ?? "";

  const mails: { kind: string; to: string; mail: OutboxMail }[] = [];
  plans.forEach((plan, index) => {
    if (results[index]) return;
    const made = created.get(plan.cifNorm);
    if (made) {
      companyOfRow.set(index, made.companyId);
      results[index] = CREATED;
      const { token, expiresAt } = tokens.get(made.userId)!;
      mails.push({
        kind: "registry",
        to: made.email,
        mail: registryMail({
          link: tokenLink(ctx, "invitation", token),
          companyName: plan.name,
          expiresAt,
          registeredBy: colegioName,
        }),
      });
      return;
    }
    const existing = companies.get(plan.cifNorm)!;
    // Another run (or the hand form) included it since this batch read it: nothing more to do.
    if (!joined.has(existing.id)) {
      results[index] = ALREADY;
      return;
    }
    results[index] = INCLUDED;
    if (existing.owner_email)
      mails.push({
        kind: "colegio-inclusion",
        to: existing.owner_email,
        mail: includedMail({ companyName: existing.name, colegioName, link: `${ctx.publicUrl}/webapp/` }),
      });
  });

  if (options.activities)
    await addCompanyActivities(
      tx,
      plans.flatMap((plan, index) => {
        const companyId = companyOfRow.get(index);
        return companyId === undefined ? [] : plan.activityIds.map((activityId) => ({ companyId, activityId }));
      }),
    );
  await ctx.mailer.enqueueMany(tx, mails);
  return results;
}

/**
 * Unfinished self-registrations holding the batch's e-mails or tax ids are removed, as
 * releaseAbandonedRegistration does before a registration by hand; one that something else refers to is
 * kept (savepoints, so that the batch goes on).
 */
async function releaseAbandonedRegistrations(tx: DbOrTx, match: { emails: string[]; cifNorms: string[] }) {
  const found = await abandonedRegistrationsHolding(tx, match);
  if (found.length === 0) return;
  try {
    await tx.transaction((savepoint) => deleteRegistrations(savepoint, found));
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    for (const registration of found) {
      try {
        await tx.transaction((savepoint) => deleteRegistration(savepoint, registration));
      } catch (each) {
        if (!isForeignKeyViolation(each)) throw each;
      }
    }
  }
}
