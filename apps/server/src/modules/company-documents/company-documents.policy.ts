import { partyOfRole } from "@coordina/domain";
import type { Policy } from "../../lib/access.js";

/**
 * `listOwn`: read one's own company's uploaded documents and upload duties (companies/documents and
 * companies/documents/summary): the companies that upload, administrators, providers and porters, each its
 * own company only (the calls take no company). The colegio and the master upload nothing: 403.
 */
export type CompanyDocumentsAction = "listOwn";

export const companyDocumentsPolicy: Policy<CompanyDocumentsAction, undefined> = {
  can(caller) {
    return partyOfRole(caller.role) !== null;
  },
};
