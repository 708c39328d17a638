import type { DefinitionsIndexRequest, DefinitionsPage } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * A page of the colegio's document definitions uploaded by one party (the tab), in one group, searched
 * by name; `docsAllowedToEdit` says whether the caller may add, edit and delete them.
 */
export function fetchDefinitions(request: DefinitionsIndexRequest): Promise<DefinitionsPage> {
  return api.post<DefinitionsPage>("/document-require-definitions/index", request);
}
