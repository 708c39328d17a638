import type { IdBody } from "@coordina/domain";
import { api } from "../../../app/api";

/** Activates again a member company that was deactivated. */
export async function activateCompany(id: number): Promise<void> {
  const body: IdBody = { id };
  await api.post("/companies/companies/activate", body);
}
