import type { AppConfigInfo } from "@coordina/domain";
import { api } from "./api";

/** Public: how this server runs (the mail viewer is on in demo and development). */
export async function fetchAppConfig(): Promise<AppConfigInfo> {
  const answer = await api.get<{ data: AppConfigInfo }>("/app/config");
  return answer.data;
}
