import { api } from "../../../app/api";

/** Deletes a template of a definition. */
export async function deleteTemplate(id: number): Promise<void> {
  await api.post(`/plantillas-docs/delete/${id}`);
}
