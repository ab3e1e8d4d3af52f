import crypto from 'node:crypto';

/**
 * A stable per-user hash for client-side identity checks (the current user's `hash`, and every user entity's:
 * spec/content.md §3 "User: id, url, name, hash, is_paid"); never a secret by itself, nor a way in.
 */
export function userHash(secret: string, userId: number, purpose = 'user'): string {
  return crypto.createHmac('sha256', secret).update(`${purpose}:${userId}`).digest('hex').slice(0, 32);
}
