/** Quizzes (spec/content.md §3, §4, §9): the block's bounds, the hashes, the device fingerprint and the batching. */

export const QUIZ_ITEMS_MIN = 2;
export const QUIZ_ITEMS_MAX = 10;
/** A quiz's and an option's hash: made by the editor, unique on the whole site (a quiz's) or in its quiz (an option's). */
export const QUIZ_HASH_RE = /^[A-Za-z0-9]{8,16}$/;
export const QUIZ_HASH_LENGTH = 12;
/** Quizzes one bundle call may ask about (a feed page holds far fewer). */
export const QUIZ_BUNDLE_MAX = 50;
/** Every quiz on the page asks within this window, and one request goes (spec/content.md §9). */
export const QUIZ_BATCH_MS = 200;
/** Random voters shown per option, and the size of their avatars (spec/content.md §9). */
export const QUIZ_RANDOM_VOTERS = 3;
export const QUIZ_VOTER_AVATAR = 18;

/**
 * The browser's fingerprint (spec/foundation.md §9: 40 random alphanumerics, a cookie for 30 days). The quiz calls
 * send it in its own header: `X-Device-Token` is the API token's, and a fingerprint never stands for an account.
 */
export const DEVICE_FINGERPRINT_COOKIE = 'fingerprint';
export const DEVICE_FINGERPRINT_HEADER = 'x-device-fingerprint';
export const DEVICE_FINGERPRINT_LENGTH = 40;
export const DEVICE_FINGERPRINT_DAYS = 30;
export const DEVICE_FINGERPRINT_RE = /^[A-Za-z0-9]{40}$/;

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random alphanumerics (crypto's randomness): a quiz hash in the editor, a fingerprint in the browser. */
export function randomAlphanumerics(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 62 letters from 256 values: the bias of `% 62` is under 1 %, harmless for ids that only need to differ.
  return Array.from(bytes, (b) => ALPHANUMERICS[b % ALPHANUMERICS.length]).join('');
}
