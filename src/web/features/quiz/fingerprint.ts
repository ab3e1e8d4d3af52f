import {
  DEVICE_FINGERPRINT_COOKIE,
  DEVICE_FINGERPRINT_DAYS,
  DEVICE_FINGERPRINT_LENGTH,
  DEVICE_FINGERPRINT_RE,
  randomAlphanumerics,
} from '../../../shared/quiz.ts';
import { readCookie, setCookie } from '../../lib/cookies.ts';

/**
 * The browser's fingerprint (spec/foundation.md §9): 40 random alphanumerics kept in a cookie for 30 days, made on
 * the first quiz call. The quiz calls send it beside the account's own session; it never signs anyone in.
 */
export function deviceFingerprint(): string {
  const kept = readCookie(document.cookie, DEVICE_FINGERPRINT_COOKIE);
  if (kept && DEVICE_FINGERPRINT_RE.test(kept)) return kept;
  const made = randomAlphanumerics(DEVICE_FINGERPRINT_LENGTH);
  setCookie(DEVICE_FINGERPRINT_COOKIE, made, DEVICE_FINGERPRINT_DAYS);
  return made;
}

export const fingerprintHeaders = () => ({ 'X-Device-Fingerprint': deviceFingerprint() });
