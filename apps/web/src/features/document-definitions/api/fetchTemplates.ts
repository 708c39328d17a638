import type { TemplateRow } from "@coordina/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { queryKeys } from "../../../app/queryKeys";

/** The templates (plantillas) of a definition: files to fill in before uploading the document. */
async function fetchTemplates(definitionId: number): Promise<TemplateRow[]> {
  const answer = await api.post<{ data: TemplateRow[] }>("/plantillas-docs/list", {
    id_document_require_definition: definitionId,
  });
  return answer.data ?? [];
}

export const templatesQuery = (definitionId: number) =>
  queryOptions({ queryKey: queryKeys.templates(definitionId), queryFn: () => fetchTemplates(definitionId) });
