import { communityPanelPath } from "../../shared/paths";

/** What the providers list hands to a provider's view, so that the view can show the name at once. */
export interface ProviderLinkState {
  name: string;
  active: boolean;
}

/** The providers of a community, in its panel. */
export const providersPath = (communityId: number) => communityPanelPath(communityId, "proveedores");

/** One provider's documents for a community, in its panel. */
export const providerPath = (communityId: number, providerId: number) => `${providersPath(communityId)}/${providerId}`;

/** The link state of a provider's view, when the address came with one (not on a reload or a typed address). */
export function readLinkState(state: unknown): ProviderLinkState | null {
  if (typeof state !== "object" || state === null) return null;
  const { name, active } = state as Record<string, unknown>;
  if (typeof name !== "string" || name === "") return null;
  return { name, active: active !== false };
}
