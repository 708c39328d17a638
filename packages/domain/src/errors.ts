/**
 * Error keys the API sends in `error` (DESIGN.md §4). The web catalogue (apps/web/src/locales/es.json)
 * holds the Spanish text of every key; a test keeps both in step.
 */
export const ErrorKey = {
  generic: "error.generic-error",
  invalidInput: "error.invalid-input",
  invalidJson: "error.invalid-json",
  payloadTooLarge: "error.payload-too-large",
  unsupportedMediaType: "error.unsupported-media-type",
  unauthorized: "error.unauthorized",
  forbidden: "error.forbidden",
  notFound: "error.not-found",
  colegioForbidden: "error.colegio-forbidden",
  tooManyAttempts: "error.too-many-attempts",
  invalidCredentials: "login.invalid-credentials",
  accountDisabled: "login.account-disabled",
} as const;
export type ErrorKeyValue = (typeof ErrorKey)[keyof typeof ErrorKey];
