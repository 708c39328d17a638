import { SETTING_ACCEPTED_LEGAL, type SettingWriteRequest } from "@coordina/domain";
import { acceptedLegalSetting, fetchAssignedSettings } from "../../../shared/legal/api/fetchAssignedSettings";
import { addAssignedSetting } from "./addAssignedSetting";
import { editAssignedSetting } from "./editAssignedSetting";

const ACCEPTED: SettingWriteRequest = { name: SETTING_ACCEPTED_LEGAL, valuetype: "boolean", value: "true" };

/** Records the acceptance: edits the accepted-legal setting when it exists, adds it otherwise (spec 01 §7). */
export async function acceptLegal(userId: number): Promise<void> {
  const existing = acceptedLegalSetting(await fetchAssignedSettings(userId));
  if (existing) await editAssignedSetting(existing.id, ACCEPTED);
  else await addAssignedSetting(ACCEPTED);
}
