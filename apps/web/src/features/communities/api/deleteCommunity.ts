import { api } from "../../../app/api";

/** Soft-deletes a community (its erased flag); one already erased answers company.fincas.already-erased. */
export async function deleteCommunity(id: number): Promise<void> {
  await api.post(`/companies/fincas/delete/${id}`);
}
