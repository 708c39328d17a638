import type { ReadRequirementsIndexRequest, ReadRequirementsPage } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * A page of the colegio's read requirements (definitions whose destination must read their documents),
 * in one group, searched by name; `docsAllowedToEdit` says whether the caller may add and delete them.
 */
export function fetchReadRequirements(request: ReadRequirementsIndexRequest): Promise<ReadRequirementsPage> {
  return api.post<ReadRequirementsPage>("/document-read-requirements/index", request);
}
