/** Business constants of spec 01 §9 and spec 02 §9. */

export const DEFAULT_FEATURES = ["lopd", "lopd-workers"] as const;
export const FEATURE = {
  porterosAdmin: "porteros-admin",
  /** the porter form's testing mode (registerTest): password and NIF, the porter created at once */
  porterosAdminTest: "porteros-admin-test",
  lopd: "lopd",
  lopdWorkers: "lopd-workers",
  pendingTasks: "pending-tasks",
} as const;

export const PAGE_SIZE = {
  activitiesTable: 10,
  activitiesEditor: 5,
  companyLists: 10,
  defaultRows: 10,
  providerActivities: 8,
  communities: 10,
  communityProviders: 8,
  providerPicker: 10,
  providerPickerAppend: 8,
  /** definitions list in the settings screen (spec 02 §9) */
  definitions: 10,
  /** the documents of one read requirement, each with its "Leído por N de M" */
  readRequirementDocuments: 10,
  /** the porters card of a community (spec 02 §9: doormen list 4 in the community) */
  communityPorters: 4,
  /** the doormen summary (spec 02 §9: 10 in the summary) */
  porterSummary: 10,
  /** the administrator's compliance overview and one provider's communities in it (spec 02 §9: 10 each) */
  adminProviders: 10,
  /** a porter's own communities (spec 02 §9: own communities limit 100) */
  ownCommunities: 100,
  /** recorded arrivals of a provider or a community */
  arrivals: 10,
  /** a calendar list of a month or a day ('Otros Proveedores', 'Mis Fechas', the porter's visits) */
  calendarEntries: 10,
} as const;
export const START_PAGE = 1;
/** Hard ceiling for any `limit` a client may ask for. */
export const MAX_PAGE_LIMIT = 100;

export const DEBOUNCE_MS = {
  search: 500,
  passwordStrength: 500,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const POSTCODE_LENGTH = 5;
export const PROVIDER_CIF_MIN_EXCLUSIVE = 5;
/**
 * Longest company or community name, tax id and telephone the hand forms take (requiredText); an import
 * refuses a longer cell as the form would.
 */
export const NAME_MAX_LENGTH = 200;
export const CIF_MAX_LENGTH = 20;
export const PHONE_MAX_LENGTH = 30;
/** Longest activity name a colegio may give. */
export const ACTIVITY_NAME_MAX = 120;

/** Maximum upload size in MB (spec: shared constant 10; the upload error says 'hasta {max} MB'). */
export const MAX_FILE_SIZE_MB = 10;
export const MAX_FILE_SIZE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;
/** Maximum JSON body accepted by the API. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export const SETTING_ACCEPTED_LEGAL = "accepted-legal";

export const LIGHT_COLOR = {
  ok: "#01af01",
  error: "#c70e39",
  warn: "#f3b318",
  /** nothing expected (docs/compliance.md §Lights 'Nada esperado'): neutral grey, 3.3:1 on white */
  none: "#868e96",
  on: "#06b606",
  off: "#c70e39",
} as const;

export const TERMS_UPDATED = "2024-01-30";
export const LOGO_DEFAULT_SIZE = 45;

/** Placeholder colegio used before one is chosen (spec 01 §3). */
export const NO_COLEGIO = { id: -1, name: "no-def" } as const;
