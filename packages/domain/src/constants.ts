/** Business constants of spec 01 §9 and spec 02 §9. */
export const APP_VERSION = "1.10.07";
export const CURRENCY_SYMBOL = "€";

export const DEFAULT_FEATURES = ["lopd", "lopd-workers"] as const;
export const FEATURE = {
  porterosAdmin: "porteros-admin",
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
  defaultCardPageSize: 5,
  providerActivities: 8,
  communities: 10,
  communityProviders: 8,
  providerPicker: 10,
  providerPickerAppend: 8,
  portersInCommunity: 4,
  portersSummary: 10,
  ownCommunities: 100,
  /** definitions list in the settings screen; 30 for mandatory documents (spec 02 §9) */
  definitions: 10,
  mandatoryDefinitions: 30,
} as const;
export const START_PAGE = 1;
/** Hard ceiling for any `limit` a client may ask for. */
export const MAX_PAGE_LIMIT = 100;

export const DEBOUNCE_MS = {
  search: 500,
  passwordStrength: 500,
} as const;

export const IMPORT = {
  pauseMs: 100,
  startDelayMs: 300,
  sheetName: "Datos",
  templateFile: "Plantilla-Importacion.xlsx",
  activitySeparators: [",", ";", "|", "*"],
  typeProviders: 20,
  typeCommunities: 30,
  typePairs: 1000,
  typeResultOnly: 100,
} as const;

export const NOTIFICATION = { initialDelayMs: 300, betweenMs: 1000 } as const;
export const CHUNK_TIMEOUT_MS = 120_000;
export const COMPANY_EDIT_RELOAD_MS = 500;

export const PASSWORD_MIN_LENGTH = 8;
export const POSTCODE_LENGTH = 5;
export const PROVIDER_CIF_MIN_EXCLUSIVE = 5;
export const PORTER_TEST_PASSWORD_MIN = 6;
/** Longest activity name a colegio may give. */
export const ACTIVITY_NAME_MAX = 120;

/** Maximum upload size in MB (spec: shared constant 10; the upload error says 'hasta {max} MB'). */
export const MAX_FILE_SIZE_MB = 10;
export const MAX_FILE_SIZE_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;
/** Maximum JSON body accepted by the API. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export const CONFIG_KEY_24H = "seven-24";
export const CONFIG_VALUE_24H = "1";
export const SETTING_ACCEPTED_LEGAL = "accepted-legal";

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const LIGHT_COLOR = {
  ok: "#01af01",
  error: "#c70e39",
  warn: "#f3b318",
  on: "#06b606",
  off: "#c70e39",
} as const;

export const TERMS_UPDATED = "2024-01-30";
export const REGIONAL_FLAGS = 18;
export const LOGO_DEFAULT_SIZE = 45;

/** Placeholder colegio used before one is chosen (spec 01 §3). */
export const NO_COLEGIO = { id: -1, name: "no-def" } as const;
