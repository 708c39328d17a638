import type { IdBody } from "@coordina/domain";
import { api } from "../../../app/api";

/** Deactivates a member company in the colegio (nothing is deleted). */
export async function deactivateCompany(id: number): Promise<void> {
  const body: IdBody = { id };
  await api.post("/companies/companies/deactivate", body);
}
