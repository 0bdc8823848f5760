import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys: `moyo_<8 hex id>_<43 base64url chars of 32 random bytes>`. Only the SHA-256 of the
 * whole key is stored: a 256-bit random secret needs no slow hash, and a lookup by hash is one
 * index probe. The `moyo_<id>` start is stored too, to name a key in listings and logs.
 */

/** A fresh key, its public prefix and its hash. The key itself is shown once and kept nowhere. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = `moyo_${randomBytes(4).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

/** Hex SHA-256 of a key, as stored in `api_keys.key_hash`. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether text has the shape of a key (checked before hashing anything a client sends). */
export function looksLikeApiKey(text: string): boolean {
  return /^moyo_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/.test(text);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
