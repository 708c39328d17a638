import type { QueryKey } from "@tanstack/react-query";

/**
 * The first part of the query keys that a change refreshes (features do not import each other, so what
 * one operation reloads is named here). A paged list's key is [name, {page, filter, sort…}].
 */
export const queryKeys = {
  /** the administrator's communities list (every page) */
  communities: "communities",
  /** one community's panel */
  community: (id: number) => ["community", id] as const,
  /** the communities a provider serves (every page) */
  providerCommunities: "provider-communities",
  /** the providers of a community (every page), one provider's row there, and the provider picker */
  communityProviders: "community-providers",
  communityProvider: (communityId: number, providerId: number) =>
    ["community-provider", communityId, providerId] as const,
  providerPicker: "provider-picker",
  /** one company with its manager and activities */
  company: (id: number) => ["company", id] as const,
  /** the colegio's member companies of a type (every page) */
  companyList: "company-list",
  /** the master's colegios (every page) */
  masterColegios: "master-colegios",
  /** the colegio's activities (every page, and all of them for the pickers) */
  activities: "activities",
  allActivities: ["activities", "all"] as const,
  invitations: "invitations",
  users: "users",
  /** the colegio's document definitions (every tab and page) and one definition's templates */
  definitions: "document-definitions",
  templates: (definitionId: number) => ["definition-templates", definitionId] as const,
  /** getcompanydefined: the definitions with their uploaded documents (every screen that uploads or validates) */
  definedDocuments: "defined-documents",
  /** the colegio's documents pending validation */
  pendingValidation: "pending-validation",
  /** every reading list: [reading, what, community, …] */
  reading: "reading",
  /** the session's user, colegios and flags (the header) */
  session: ["session", "current"] as const,
} as const;

/**
 * Queries that show a community's figures: every page of the administrator's communities list and, given
 * the community, its panel (its id may be a number or a string in the key).
 */
export function showsCommunityFigures(key: QueryKey, communityId?: number): boolean {
  if (key[0] === queryKeys.communities) return true;
  if (communityId === undefined) return false;
  const [name, id] = queryKeys.community(communityId);
  return key[0] === name && key.length > 1 && String(key[1]) === String(id);
}
