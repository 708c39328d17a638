import type { DefinitionInput, DefinitionRow } from "@coordina/domain";
import { api } from "../../../app/api";

/** Adds a definition (no id) or replaces every field of one (with its id); answers the definition saved. */
export async function saveDefinition(id: number | null, body: DefinitionInput): Promise<DefinitionRow> {
  const path = id === null ? "/document-require-definitions/add" : `/document-require-definitions/edit/${id}`;
  const answer = await api.post<{ data: DefinitionRow }>(path, body);
  return answer.data;
}
