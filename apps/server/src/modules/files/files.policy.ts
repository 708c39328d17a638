import type { Caller, Policy } from "../../lib/access.js";
import { type DefinitionPlace, definitionPolicy } from "../documents/definitions.policy.js";
import { type DocumentFacts, documentPolicy } from "../documents/documents.policy.js";

/** A file as the policy sees it: the document it holds, the template it is, or neither (a loose file). */
export interface FileFacts {
  /** the company of the user who uploaded it */
  ownerCompanyId: number;
  document: { facts: DocumentFacts } | null;
  template: { place: DefinitionPlace } | null;
}

/**
 * `view` see it (its links); `edit` change its name, expiry and description; `attach` make a loose file
 * (attached to nothing yet) the document of a definition.
 */
export type FileAction = "view" | "edit" | "attach";

/**
 * Who may see and change a file (spec 02 §6): a document's file as the document (documentPolicy); a
 * template as its definition: its readers see it, the colegio that defines it changes it; a file not
 * attached to anything yet belongs to its company. Only the company that uploaded a file attaches it
 * (whether it is still loose is the service's 409, told only to that company).
 */
export const filePolicy: Policy<FileAction, FileFacts> = {
  can(caller: Caller, action: FileAction, file: FileFacts): boolean {
    if (action === "attach") return file.ownerCompanyId === caller.companyId;
    if (file.document) return documentPolicy.can(caller, action, file.document.facts);
    if (file.template) return definitionPolicy.can(caller, action === "view" ? "read" : "edit", file.template.place);
    return file.ownerCompanyId === caller.companyId;
  },
};
