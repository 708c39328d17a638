import {
  type Colegio,
  DEFAULT_FEATURES,
  NO_COLEGIO,
  NOT_LOGGED_IN,
  ROLES_WITH_LEGAL_NOTICE,
  type SessionData,
} from "@coordina/domain";
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "./storageKeys";

export interface StoredSession extends SessionData {
  remember: boolean;
  colegio: Colegio;
  /**
   * Administrators and providers (ROLES_WITH_LEGAL_NOTICE): whether the legal notice has been accepted,
   * as read after login. Unknown (undefined) counts as not accepted for those roles.
   */
  legalAccepted?: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSession | null = read();
/** Why the last session ended: a logout must not remember the page being left. */
let endedBy: "logout" | "expired" | null = null;

function read(): StoredSession | null {
  for (const storage of [localStorage, sessionStorage]) {
    const raw = storage.getItem(STORAGE_KEYS.currentUser);
    if (!raw) continue;
    try {
      return JSON.parse(raw) as StoredSession;
    } catch {
      storage.removeItem(STORAGE_KEYS.currentUser);
    }
  }
  return null;
}

function write(session: StoredSession | null) {
  localStorage.removeItem(STORAGE_KEYS.currentUser);
  sessionStorage.removeItem(STORAGE_KEYS.currentUser);
  if (session)
    (session.remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.currentUser, JSON.stringify(session));
  current = session;
  for (const listener of listeners) listener();
}

/** Exactly one colegio becomes current automatically (spec 01 §3); otherwise the previous choice stays. */
function pickColegio(colegios: Colegio[], previous?: Colegio): Colegio {
  if (colegios.length === 1) return colegios[0]!;
  if (previous && colegios.some((c) => c.id === previous.id)) return previous;
  return { ...NO_COLEGIO };
}

export const session = {
  get: () => current,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(data: SessionData, remember: boolean, legalAccepted?: boolean) {
    endedBy = null;
    write({ ...data, remember, colegio: pickColegio(data.colegios), legalAccepted });
  },
  /** Refreshes user, colegios and flags from the server, keeping the token and the chosen colegio. */
  refresh(data: SessionData) {
    if (!current) return;
    write({ ...current, ...data, token: current.token, colegio: pickColegio(data.colegios, current.colegio) });
  },
  setColegio(colegio: Colegio) {
    if (current) write({ ...current, colegio });
  },
  setLegalAccepted(legalAccepted: boolean) {
    if (current && current.legalAccepted !== legalAccepted) write({ ...current, legalAccepted });
  },
  /** After 'Mis datos' changed the e-mail: the header and the form show the new one. */
  setUserEmail(email: string) {
    if (current) write({ ...current, user: { ...current.user, email } });
  },
  end(reason: "logout" | "expired") {
    endedBy = reason;
    // The next user of this tab must not be led to a community of this one.
    sessionStorage.removeItem(STORAGE_KEYS.lastCommunity);
    write(null);
  },
  endedByLogout: () => endedBy === "logout",
};

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, session.get);
}

export function roleOf(s: StoredSession | null): number {
  return s ? s.user.user_role : NOT_LOGGED_IN;
}

/** An administrator or provider who has not (yet) accepted the legal notice must go to /legal first. */
export function needsLegalNotice(s: StoredSession | null): boolean {
  return s !== null && ROLES_WITH_LEGAL_NOTICE.includes(s.user.user_role) && s.legalAccepted !== true;
}

/** Feature flags of the session; the spec's defaults when the server sent none. */
export function featuresOf(s: StoredSession | null): readonly string[] {
  return s && s.flags.length > 0 ? s.flags : DEFAULT_FEATURES;
}

export const rememberLogin = {
  get(): { email: string } | null {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEYS.rememberLogin) ?? "null") as { email: string } | null;
    } catch {
      return null;
    }
  },
  set(email: string | null) {
    if (email) localStorage.setItem(STORAGE_KEYS.rememberLogin, JSON.stringify({ email }));
    else localStorage.removeItem(STORAGE_KEYS.rememberLogin);
  },
};

/** The route asked for before login; it wins over the start page once (spec 01 §2). */
export const pendingRedirect = {
  take(): string | null {
    const value = sessionStorage.getItem(STORAGE_KEYS.redirect);
    sessionStorage.removeItem(STORAGE_KEYS.redirect);
    return value;
  },
  set(path: string) {
    sessionStorage.setItem(STORAGE_KEYS.redirect, path);
  },
};
