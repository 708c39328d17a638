import { type AssignedSetting, SETTING_ACCEPTED_LEGAL } from "@coordina/domain";
import { api } from "../../../app/api";
import { fetchCurrentTerms } from "./fetchCurrentTerms";

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

/**
 * At login (spec 01 §4, issue 23 part 4): whether an administrator or provider has accepted the conditions they
 * must: the accepted-legal setting, and, when the session will have one colegio chosen at once, that colegio's
 * current version. With several colegios the one chosen later is checked by the server (403 legal.not-accepted
 * leads to /legal).
 */
export async function legalAcceptedAtLogin(data: {
  token: string;
  user: { id: number };
  colegios: readonly { id: number }[];
}): Promise<boolean> {
  if (!hasAcceptedLegal(await fetchAssignedSettings(data.user.id, data.token))) return false;
  const only = data.colegios.length === 1 ? data.colegios[0] : undefined;
  if (!only) return true;
  return (await fetchCurrentTerms(data.token, only.id)).accepted;
}
