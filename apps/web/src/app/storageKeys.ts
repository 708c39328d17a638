/**
 * Browser storage keys (spec 01 §9: remember-login data and current user under separate keys).
 * The current user lives in localStorage when "remember" was ticked, otherwise in sessionStorage so
 * it ends with the tab. The remember data holds only the e-mail, never a password.
 */
export const STORAGE_KEYS = {
  currentUser: "coordina.currentUser",
  rememberLogin: "coordina.rememberLogin",
  redirect: "coordina.redirect",
  /** the community the panel opened last in this tab (its paths without an id lead there) */
  lastCommunity: "coordina.community",
} as const;
