import type { MasterDashboard } from "@coordina/domain";
import { api } from "../../../app/api";

/** Every region with the active colegios it has (GET companies/master/dashboard). */
export async function fetchMasterDashboard(): Promise<MasterDashboard["data"]> {
  const answer = await api.get<MasterDashboard>("/companies/master/dashboard");
  return answer.data;
}
