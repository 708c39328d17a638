import type { IdBody } from "@coordina/domain";
import { api } from "../../../app/api";

/** Activates a deactivated colegio again. */
export async function activateColegio(id: number): Promise<void> {
  const body: IdBody = { id };
  await api.post("/companies/companies/activate", body);
}
