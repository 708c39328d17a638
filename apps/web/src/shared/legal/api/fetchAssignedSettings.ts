import { type AssignedSetting, SETTING_ACCEPTED_LEGAL } from "@coordina/domain";
import { api } from "../../../app/api";

/**
 * The user's assigned settings. `token` is given right after login, before the session is stored on
 * this device.
 */
export async function fetchAssignedSettings(userId: number, token?: string): Promise<AssignedSetting[]> {
  const path = `/settings/assigned-settings/all/${userId}`;
  const answer = token
    ? await api.getWithToken<{ data: AssignedSetting[] }>(token, path)
    : await api.get<{ data: AssignedSetting[] }>(path);
  return answer.data ?? [];
}

/** The accepted-legal setting, if the user has one. */
export function acceptedLegalSetting(settings: readonly AssignedSetting[]): AssignedSetting | undefined {
  return settings.find((s) => s.name === SETTING_ACCEPTED_LEGAL);
}

/** The terms count as accepted only when the setting says 'true'. */
export function hasAcceptedLegal(settings: readonly AssignedSetting[]): boolean {
  return acceptedLegalSetting(settings)?.value === "true";
}
