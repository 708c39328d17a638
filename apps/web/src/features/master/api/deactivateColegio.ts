import type { IdBody } from "@coordina/domain";
import { api } from "../../../app/api";

/** Deactivates a colegio: its staff can no longer log in; nothing is deleted. */
export async function deactivateColegio(id: number): Promise<void> {
  const body: IdBody = { id };
  await api.post("/companies/companies/deactivate", body);
}
