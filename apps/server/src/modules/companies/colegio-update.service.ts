import { type colegioUpdateSchema, ErrorKey, normalizeEmail, normalizeTaxId, Role } from "@coordina/domain";
import type { z } from "zod";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import type { AccountsContext } from "../accounts/context.js";
import { sendLink } from "../accounts/registry.service.js";
import { revokeUserLinks } from "../accounts/tokens.repository.js";
import { revokeUserSessions } from "../auth/auth.repository.js";
import { emailChangedMail } from "../mail/templates.js";
import { MEMBER_TYPES } from "./companies.policy.js";
import {
  activitiesOfColegio,
  type CompanyChanges,
  changeManagerEmail,
  findCompany,
  isSoleColegio,
  lockCompany,
  ownerOf,
  replaceColegioActivities,
  retypeCompanyUsers,
  typeIsInUse,
  updateCompany,
} from "./companies.repository.js";
import { administered } from "./companies.service.js";

/**
 * The colegio edits a member company (companies/colegio/update): name, CIF, the manager's e-mail, the
 * type (administrator or provider) and its activities of this colegio, in one transaction that holds the
 * company's row, so two saves (or a save and a new community link) cannot interleave. The company
 * itself (name, CIF, manager, type) is the colegio's to change only while no other colegio shares it;
 * its activities of this colegio always are. A changed e-mail is the manager's login: the old links and
 * sessions stop working and the user is told (or, while the registration is pending, gets a fresh link at
 * the new address). A new type is a new role: its users accept that role's terms again.
 */
export async function colegioUpdate(ctx: AccountsContext, actor: Actor, input: z.output<typeof colegioUpdateSchema>) {
  // The colegio's editor: a master administers its colegios, but may not retype one (or edit it) here.
  const target = await administered(ctx.db, actor, input.company_id, { action: "colegioEdit" });
  if (!MEMBER_TYPES.includes(input.companytype)) throw new AppError(400, ErrorKey.companyTypeNotEditable);
  const colegioId = actor.companyId;
  const wanted = [...new Set(input.companytype === Role.gremio ? input.activities : [])];
  const known = await activitiesOfColegio(ctx.db, colegioId, wanted);
  if (known.length !== wanted.length) throw new AppError(400, ErrorKey.invalidInput);

  let emailChanged = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockCompany(tx, target.id);
      if (!locked) throw notFound();
      const owner = await ownerOf(tx, locked.id);
      const newEmail = input.email !== undefined ? normalizeEmail(input.email) : undefined;
      emailChanged = owner !== undefined && newEmail !== undefined && newEmail !== owner.email;
      const typeChanges = input.companytype !== locked.type;
      const changes: CompanyChanges = { updatedAt: new Date() };
      if (input.name !== undefined && input.name !== locked.name) changes.name = input.name;
      if (input.cif !== undefined && normalizeTaxId(input.cif) !== locked.cifNorm) {
        changes.cif = input.cif;
        changes.cifNorm = normalizeTaxId(input.cif);
      }
      if (typeChanges) changes.type = input.companytype;
      const changesCompany = emailChanged || typeChanges || changes.name !== undefined || changes.cif !== undefined;
      if (changesCompany && !(await isSoleColegio(tx, colegioId, locked.id)))
        throw new AppError(403, ErrorKey.companyShared);
      if (typeChanges && (await typeIsInUse(tx, locked.id, colegioId)))
        throw new AppError(409, ErrorKey.companyTypeInUse);

      await updateCompany(tx, locked.id, changes);
      if (typeChanges) await retypeCompanyUsers(tx, locked.id, input.companytype);
      await replaceColegioActivities(tx, locked.id, colegioId, wanted);

      if (emailChanged && owner && newEmail) {
        await changeManagerEmail(tx, locked.id, owner, newEmail);
        await revokeUserLinks(tx, owner.id);
        await revokeUserSessions(tx, owner.id);
        if (owner.has_password) {
          const change = { oldEmail: owner.email, newEmail };
          await ctx.mailer.enqueue(tx, "email-change", owner.email, emailChangedMail({ ...change, toOld: true }));
          await ctx.mailer.enqueue(tx, "email-change", newEmail, emailChangedMail({ ...change, toOld: false }));
        } else {
          const colegio = await findCompany(tx, colegioId);
          await sendLink(ctx, owner.id, changes.name ?? locked.name, newEmail, tx, colegio?.name);
        }
      }
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_key")) throw new AppError(409, ErrorKey.emailTaken);
    if (isUniqueViolation(err, "companies_cif_norm_key")) throw new AppError(409, ErrorKey.invitationCifTaken);
    throw err;
  }
  if (emailChanged) ctx.mailer.nudge();
  return { email_notified: emailChanged };
}
