import type { AssignedSetting, SettingWriteRequest } from "@coordina/domain";
import { api } from "../../../app/api";

export async function addAssignedSetting(setting: SettingWriteRequest): Promise<AssignedSetting> {
  const answer = await api.post<{ data: AssignedSetting }>("/settings/assigned-settings/add", setting);
  return answer.data;
}
