import { createHmac } from "node:crypto";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/app-error.js";
import { isForeignKeyViolation } from "../../lib/db-errors.js";
import { onSessionEnd } from "../../lib/session-end.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { insertLink, purgeExpiredLinks, resolveLink, setSessionFileKey } from "./file-links.repository.js";
import { accessibleFile } from "./files.service.js";

/** How long a view or download link works. */
const FILE_LINK_TTL_MS = 10 * 60 * 1000;
/** The cookie that binds links to the browser of the session that asked for them. */
export const FILE_KEY_COOKIE = "coordina_files";

/** The cookie of a session's file key: one per session, so two sessions in one browser do not clash. */
export function fileKeyCookieName(key: string): string {
  return `${FILE_KEY_COOKIE}_${hashToken(key).slice(0, 10)}`;
}

/**
 * The session's file key: derived from its bearer token, which only the session's holder knows, so it
 * is the same on every retrieve of the session (two at once cannot leave the browser with a key the
 * server no longer has) and useless once the session ends.
 */
function sessionFileKeyOf(bearerToken: string): string {
  return createHmac("sha256", bearerToken).update("coordina-file-links").digest("base64url");
}

/**
 * GET /file-manager/fileload/retrieve/{id}: the file's data and a short-lived link to view and to
 * download it. The link works only in the browser of this session: it needs the session's file key,
 * sent back as an HttpOnly cookie (named per session) when the browser does not hold it yet (`cookieKeys`).
 */
export async function retrieveFile(db: Db, actor: Actor, id: number, cookieKeys: string[]) {
  const access = await accessibleFile(db, actor, id, "view");
  const key = sessionFileKeyOf(actor.token);
  const keyHash = hashToken(key);
  await setSessionFileKey(db, actor.sessionId, keyHash);
  const token = newToken();
  const expiresAt = new Date(Date.now() + FILE_LINK_TTL_MS);
  try {
    await insertLink(db, { tokenHash: hashToken(token), fileId: id, sessionId: actor.sessionId, expiresAt });
  } catch (error) {
    // A loose file removed by the sweep since it was read above.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  return {
    links: { file: access.file, view: `/s/${token}`, download: `/d/${token}`, expires: expiresAt.toISOString() },
    newKey: cookieKeys.includes(key) ? undefined : key,
  };
}

type LinkedFile = NonNullable<Awaited<ReturnType<typeof resolveLink>>>;

/**
 * Links resolved in the last seconds, by token and key hash. A PDF viewer asks for the same link many
 * times (ranges, reloads), so each is checked in SQL at most once per `LINK_CACHE_MS`; logging out
 * forgets the session's links at once (a session-end listener), another instance within that time.
 */
const LINK_CACHE_MS = 5000;
const LINK_CACHE_MAX = 10_000;
const linkCache = new Map<string, { file: LinkedFile; until: number }>();

/** The stored file behind a link, for the browser that holds its session's key; undefined for anyone else. */
export async function openLink(db: Db, token: string, cookieKeys: string[]) {
  if (cookieKeys.length === 0 || cookieKeys.length > 20 || token.length > 100) return undefined;
  const keyHashes = cookieKeys.map(hashToken).sort();
  const key = `${hashToken(token)} ${keyHashes.join(" ")}`;
  const now = Date.now();
  const hit = linkCache.get(key);
  if (hit && hit.until > now) return hit.file;
  linkCache.delete(key);
  const file = await resolveLink(db, hashToken(token), keyHashes);
  if (!file) return undefined;
  if (linkCache.size >= LINK_CACHE_MAX) linkCache.delete(linkCache.keys().next().value as string);
  linkCache.set(key, { file, until: Math.min(now + LINK_CACHE_MS, file.expires_at.getTime()) });
  return file;
}

/** Forgets the cached links of a session at logout. */
onSessionEnd((sessionId) => {
  for (const [key, entry] of linkCache) if (entry.file.session_id === sessionId) linkCache.delete(key);
});

/** Forgets the links that stopped working a day ago or more (the hourly housekeeping). */
export function purgeOldLinks(db: Db): Promise<void> {
  return purgeExpiredLinks(db);
}
