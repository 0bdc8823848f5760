import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Signing secrets of registered webhooks at rest. Signing needs the secret itself (not a hash),
 * so the api stores it encrypted with AES-256-GCM under WEBHOOK_SECRET_KEY and the worker
 * decrypts it to sign. Stored form: `v1.<iv>.<auth tag>.<ciphertext>`, each part base64url.
 */

/** WEBHOOK_SECRET_KEY outside production when unset: a well-known text, fine for tests only. */
export const DEVELOPMENT_WEBHOOK_SECRET_KEY = 'moyo-development-webhook-secret-key';

/**
 * The 32-byte AES key from the WEBHOOK_SECRET_KEY text (SHA-256 of it, so a passphrase works as
 * well as 64 hex digits). Unset: the development key, except in production, where it throws an
 * Error saying it is required (callers report it as a ConfigError of WEBHOOK_SECRET_KEY). Pure.
 */
export function webhookSecretKeyFromText(text: string | undefined, nodeEnv: string): Buffer {
  if (!text) {
    if (nodeEnv === 'production') throw new Error('is required when NODE_ENV=production');
    text = DEVELOPMENT_WEBHOOK_SECRET_KEY;
  }
  return createHash('sha256').update(text, 'utf8').digest();
}

/** A new signing secret to show the client once: `whsec_` + 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Encrypts a signing secret for `webhooks.secret_encrypted` (a fresh random IV every call). */
export function encryptWebhookSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** Decrypts what `encryptWebhookSecret` wrote; throws when the key is another or the text was altered. */
export function decryptWebhookSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) {
    throw new Error('webhook secret: not in the v1.<iv>.<tag>.<ciphertext> format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
