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
  tooManyRequests: "error.too-many-requests",
  /** the database could not be reached or dropped the connection: nothing was saved, try again */
  serviceUnavailable: "error.service-unavailable",
  invalidCredentials: "login.invalid-credentials",
  accountDisabled: "login.account-disabled",
  legalNotAccepted: "legal.not-accepted",
  /** the conditions accepted are no longer the colegio's current ones (a new version was saved meanwhile) */
  legalTermsChanged: "legal.terms-changed",
  // Links sent by e-mail (shakey) and the token pages (spec 01 §8).
  tokenInvalid: "token.invalid",
  registrationInvalid: "registration.invalid",
  recoveryLinkNotFound: "recovery.link-not-found",
  // Invitations and registration (spec 01 §8).
  invitationNotFound: "invitation.not-found",
  invitationUserExists: "invitation.user-exists",
  invitationCifTaken: "invitation.cif-taken",
  invitationUserNotCreated: "invitation.user-not-created",
  invitationFincaNotLinked: "invitation.finca-not-linked",
  invitationPendingExists: "invitation.pending-exists",
  invitationLevelForbidden: "invitation.level-forbidden",
  invitationNotPending: "invitation.not-pending",
  // Personal data and settings.
  emailTaken: "my-data.email-taken",
  emailPendingInvitation: "my-data.email-pending-invitation",
  emailChangeLinkInvalid: "my-data.email-change-link-invalid",
  settingUnknown: "settings.unknown",
  // Company administration (spec 01 §8).
  companyTypeInUse: "company.type-in-use",
  companyTypeNotEditable: "company.type-not-editable",
  companyShared: "company.shared",
  memberDeactivated: "company.member-deactivated",
  companyAlreadyMember: "registry.already-member",
  companyTypeMismatch: "registry.type-mismatch",
  companyNotRegistered: "registry.not-registered",
  /** a provider asks a colegio it already has an open request with */
  inclusionAlreadyRequested: "inclusion.already-requested",
  /** a request already decided or withdrawn */
  inclusionClosed: "inclusion.closed",
  /** the colegio asked is not an active colegio */
  inclusionColegioUnavailable: "inclusion.colegio-unavailable",
  activityExists: "activities.exists",
  // Communities and their providers (spec 02 §8).
  fincaCifTaken: "company.fincas.cif-taken",
  fincaAlreadyErased: "company.fincas.already-erased",
  providerPreviousExists: "companies-providers.previous-exists",
  providerNotRegistered: "companies-providers.not-registered",
  providerNotInColegio: "companies-providers.not-in-colegio",
  pairFincaNotFound: "import.finca-not-found",
  pairProviderNotFound: "import.provider-not-found",
  pairExists: "import.pair-exists",
  // Imports: the spreadsheet file itself (spec 01 §5, §8; issue 20 Rules).
  importTooLarge: "import.too-large",
  importNotASpreadsheet: "import.not-a-spreadsheet",
  importNoDatosSheet: "import.no-datos-sheet",
  importHeaderMissing: "import.header-missing",
  importFormulas: "import.formulas",
  importTooManyRows: "import.too-many-rows",
  importTooWide: "import.too-wide",
  /** one cell of the columns imported holds more than MAX_CELL_CHARACTERS (params row, column) */
  importCellTooLong: "import.cell-too-long",
  /** the sheet has its headers and no row to import */
  importEmpty: "import.empty",
  importNotFound: "import.not-found",
  // Imports: one row's result (spec 01 §5, §8 and issue 20); params name the row's values.
  importMailInvalid: "validate.mailinvalid",
  importActivityNotFound: "colegio.activities.validator.not-found-activity",
  importRowNoCif: "import.row.no-cif",
  importRowNoName: "import.row.no-name",
  importRowFailed: "import.row.failed",
  importRowInsertFailed: "import.row.insert-failed",
  importRowDuplicate: "import.row.duplicate",
  importRowEmailTaken: "import.row.email-taken",
  importRowEmailRepeated: "import.row.email-repeated",
  importRowTypeMismatch: "import.row.type-mismatch",
  importRowDeactivated: "import.row.deactivated",
  importRowFincaCifTaken: "import.row.finca-cif-taken",
  importRowProviderNotInColegio: "import.row.provider-not-in-colegio",
  importRowCreated: "import.row.created",
  importRowIncluded: "import.row.included",
  importRowAlreadyMember: "import.row.already-member",
  importRowCommunityCreated: "import.row.community-created",
  importRowCommunityExists: "import.row.community-exists",
  importRowLinked: "import.row.linked",
  importRowInterrupted: "import.row.interrupted",
  /** a cell longer than the hand form allows (params column, max) */
  importRowTooLong: "import.row.too-long",
  /** a tax id with characters no tax id has, or a date, a true/false or a decimal number (params cif) */
  importRowCifInvalid: "import.row.cif-invalid",
  // Documents and files (spec 02 §8).
  fileTooLarge: "fileupload.too-large",
  fileNotPdf: "fileupload.not-pdf",
  fileMissing: "fileupload.no-file",
  uploadFailed: "fileupload.failed",
  /** an upload's idempotency key sent again with another request */
  uploadKeyReused: "fileupload.key-reused",
  expiryRequired: "documents.expiry-required",
  fincaRequired: "documents.finca-required",
  validationNotRequired: "documents.validation-not-required",
  documentAlreadyErased: "documents.already-erased",
  colegioRequired: "documents.colegio-required",
  fileLinkInvalid: "files.link-invalid",
  fileAlreadyAttached: "fileupload.already-attached",
  definitionInUse: "documents.definition-in-use",
  // Reading duties (spec 02 §2 'Document viewing for a community', §7 'Mark read').
  readForOtherCompany: "documents.read-other-company",
  documentNotReadable: "documents.not-readable",
  providerNotInFinca: "companies-providers.not-in-finca",
  // Porters (spec 02 §8 'Porter registration').
  userNotExists: "user.not.exists",
  userNotGoodRole: "user.not.good.role",
  userAlreadyRegistered: "user.already.registered",
  /** registerTest while the testing mode is off */
  porterTestingOff: "porteros.testing-off",
  porterNotInFinca: "porteros.not-in-finca",
  /** register, include or invite names a porter whose account (user or company) is deactivated */
  porterDeactivated: "porteros.user-deactivated",
  // The community calendar (issue 22; spec 02 §5 'Calendar add').
  /** a comment given without an end date-time */
  calendarEndRequired: "calendar.end-required",
  calendarEndNotAfterStart: "calendar.end-not-after-start",
  /** an entry longer than CALENDAR.maxSpanDays */
  calendarSpanTooLong: "calendar.span-too-long",
  /** starting more than CALENDAR.pastDays ago */
  calendarStartTooOld: "calendar.start-too-old",
  /** starting more than CALENDAR.horizonDays ahead */
  calendarStartTooFar: "calendar.start-too-far",
  /** companies/calendar-fincas/send: none of the coincidences chosen is one of the entry's now */
  calendarNothingToNotify: "calendar.nothing-to-notify",
  /** notify/notification-queues/send: the notice's coincidence is gone since it was made (an entry deleted, a provider unlinked) */
  calendarNoticeObsolete: "calendar.notice-obsolete",
  /** the 'Enterado' link of a notice that does not exist (or no longer answers to that token) */
  calendarNoticeLinkInvalid: "calendar.notice-link-invalid",
  /** a weekly schedule whose end time equals its start time: a slot that holds no time (spec 02 §5) */
  scheduleEmptySlot: "calendar.schedule-empty-slot",
} as const;
export type ErrorKeyValue = (typeof ErrorKey)[keyof typeof ErrorKey];

/**
 * Field validation messages (spec 01 §5), used as zod messages so the server answers the same text the
 * browser shows before sending. The error handler passes these keys through as the envelope's `error`.
 */
export const ValidationKey = {
  emailFormat: "validate.email-format",
  emailRecovery: "validate.email-recovery",
  emailProvider: "validate.email-provider",
  emailsDifferent: "validate.emails-different",
  nameRequired: "validate.name-required",
  cifInvalid: "validate.cif-invalid",
  required: "validate.required",
  postcode: "validate.postcode",
  companyNameRequired: "validate.company-name-required",
  companyTypeRequired: "validate.company-type-required",
  postcodeOptional: "validate.postcode-optional",
  activityRequired: "validate.activity-required",
  activityTooLong: "validate.activity-too-long",
  passwordMust: "login.password-must",
  passwordsDifferent: "login.passwords-different",
  definitionName: "validate.definition-name",
  fileName: "validate.file-name",
  dateInvalid: "validate.date",
  /** the porter form's e-mail (spec 02 §5) */
  porterEmail: "email.invalid",
} as const;
export type ValidationKeyValue = (typeof ValidationKey)[keyof typeof ValidationKey];
export const VALIDATION_KEYS: ReadonlySet<string> = new Set(Object.values(ValidationKey));
