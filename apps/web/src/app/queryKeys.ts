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
  /** what one provider still lacks in one community (the words of its lights there) */
  providerMissing: (communityId: number, providerId: number) => ["provider-missing", communityId, providerId] as const,
  /** what one of the colegio's providers still lacks over its communities (the words of its lights in the colegio's list) */
  providerMissingInColegio: (providerId: number) => ["provider-missing-colegio", providerId] as const,
  /** what a provider lacks over the calling administrator's communities (its overview row's lights) */
  adminProviderMissing: (providerId: number) => ["provider-missing-admin", providerId] as const,
  /** what a community's providers still lack there (the words of its lights in the communities list) */
  communityMissing: (communityId: number) => ["community-missing", communityId] as const,
  /**
   * what a porter still lacks (the words of its lights): [porter-missing, "finca", community, porter user],
   * [porter-missing, "over", porter user] (the administrator's communities), [porter-missing, "own", community]
   */
  porterMissing: (...where: ["finca", number, number] | ["over", number] | ["own", number]) =>
    ["porter-missing", ...where] as const,
  /** the porters of a community (every page, and all of them) and the doormen summary (every page) */
  communityPorters: "community-porters",
  porterSummary: "porter-summary",
  /** the administrator's compliance overview (every page) and one provider's communities in it (every page) */
  adminProviders: "admin-providers",
  adminProviderFincas: "admin-provider-fincas",
  /** recorded arrivals of providers in a community (every page) */
  arrivals: "arrivals",
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
  /** the colegio's read requirements (every page) and one of them with its documents and readers */
  readRequirements: "read-requirements",
  /** getcompanydefined: the definitions with their uploaded documents (every screen that uploads or validates) */
  definedDocuments: "defined-documents",
  /** the administrator's communities with what each holds per per-community definition (every page, /gcomunidades) */
  communitiesDefined: "communities-defined",
  /** the colegio's documents pending validation */
  pendingValidation: "pending-validation",
  colegioDocumentsSummary: "colegio-documents-summary",
  expiringSoon: "expiring-soon",
  /** what the calling provider still has to upload and to read ('Tareas pendientes' and its summary) */
  providerPending: "provider-pending",
  /** the caller's own uploaded documents (every page and filter) and its upload duties ('Resumen de documentos') */
  companyDocuments: "company-documents",
  documentSummary: "document-summary",
  /** a provider's requests to join colegios and the colegios it may ask; a colegio's open requests (issue 21) */
  inclusionRequests: "inclusion-requests",
  colegioInclusionRequests: "colegio-inclusion-requests",
  /**
   * every list of a community's documents with a reader's marks, and a porter's uploads there:
   * [reading, what, community, …]
   */
  reading: "reading",
  /** the porter's own communities with its figures there (every page) */
  ownCommunities: "own-communities",
  /** the porter's view of a community's visits, a page of a month or a day: [porter-calendar, community, year, month, {day, page}] */
  porterCalendar: "porter-calendar",
  /** a page of one side of a community's calendar month or day: [calendar-month, community, year, month, {side, day, page}] */
  calendarMonth: "calendar-month",
  /** the coincidences of one of the caller's entries: [calendar-coincidences, entry] */
  calendarCoincidences: "calendar-coincidences",
  /** the coincidence notices of a community's month: [calendar-notices, community, year, month] */
  calendarNotices: "calendar-notices",
  /** the arrival check's providers of a community: [arrival-providers, community, filter] */
  arrivalProviders: "arrival-providers",
  /** the provider's 24-hour service (true/false) and its weekly schedules ('Calendario y servicio') */
  seven24: "seven-24",
  schedules: "calendar-schedules",
  /** whether the user has a private calendar (iCalendar) address, and since when */
  calendarFeed: "calendar-feed",
  /** the session's user, colegios and flags (the header) */
  session: ["session", "current"] as const,
} as const;

/**
 * Queries that show a community's figures: every page of the administrator's communities list, the
 * porter's own communities and, given the community, its panel (its id may be a number or a string in the key).
 */
export function showsCommunityFigures(key: QueryKey, communityId?: number): boolean {
  if (key[0] === queryKeys.communities || key[0] === queryKeys.ownCommunities) return true;
  if (communityId === undefined) return false;
  const [name, id] = queryKeys.community(communityId);
  return key[0] === name && key.length > 1 && String(key[1]) === String(id);
}

/** A reading list ([reading, what, community, …]) of the community, or of any community without one. */
export function isReadingListOf(key: QueryKey, communityId?: number): boolean {
  if (key[0] !== queryKeys.reading) return false;
  return communityId === undefined || String(key[2]) === String(communityId);
}
