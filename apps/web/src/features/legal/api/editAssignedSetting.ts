import type { AssignedSetting, SettingWriteRequest } from "@coordina/domain";
import { api } from "../../../app/api";

export async function editAssignedSetting(id: number, setting: SettingWriteRequest): Promise<AssignedSetting> {
  const answer = await api.post<{ data: AssignedSetting }>(`/settings/assigned-settings/edit/${id}`, setting);
  return answer.data;
}
