import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256; a leaked table does not give working tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
