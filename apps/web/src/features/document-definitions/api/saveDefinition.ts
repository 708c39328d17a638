import type { DefinitionInput, DefinitionRow } from "@coordina/domain";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";
import { useRefreshingMutation } from "../../../app/useRefreshingMutation";

/** Adds a definition (no id) or replaces every field of one (with its id); answers the definition saved. */
async function saveDefinition({ id, body }: { id: number | null; body: DefinitionInput }): Promise<DefinitionRow> {
  const path = id === null ? "/document-require-definitions/add" : `/document-require-definitions/edit/${id}`;
  const answer = await api.post<{ data: DefinitionRow }>(path, body);
  return answer.data;
}

/** Adds or edits a definition; the definitions reload. */
export const useSaveDefinition = () => useRefreshingMutation(saveDefinition, [queryKeys.definitions]);
