import type { TemplateRow } from "@coordina/domain";
import { api } from "../../../app/api";

export const templatesKey = (definitionId: number) => ["definition-templates", definitionId] as const;

/** The templates (plantillas) of a definition: files to fill in before uploading the document. */
export async function fetchTemplates(definitionId: number): Promise<TemplateRow[]> {
  const answer = await api.post<{ data: TemplateRow[] }>("/plantillas-docs/list", {
    id_document_require_definition: definitionId,
  });
  return answer.data ?? [];
}
