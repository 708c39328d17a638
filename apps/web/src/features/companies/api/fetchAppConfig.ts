import type { AppConfigInfo } from "@coordina/domain";
import { api } from "../../../app/api";

/** Public: how this server runs (the Id column shows only in development). */
export async function fetchAppConfig(): Promise<AppConfigInfo> {
  const answer = await api.get<{ data: AppConfigInfo }>("/app/config");
  return answer.data;
}
