import type { AppConfigInfo } from "@coordina/domain";
import { api } from "../../../app/api";

/** Whether the server runs in development (the Id column shows only then). */
export async function fetchDevelopment(): Promise<boolean> {
  const answer = await api.get<{ data: Pick<AppConfigInfo, "development"> }>("/app/config");
  return answer.data?.development === true;
}
