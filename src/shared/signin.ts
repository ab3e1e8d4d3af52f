/**
 * Sign-in's constants and socket and popup messages (issue 15, items 1–4): QR login, social sign-in, magic links and
 * passkeys. Its routes' contracts, with their fields and answers, are in api/signin.ts.
 */

/** Lifetimes: a QR code two minutes, a mailed link 15 minutes, an OAuth window ten, a passkey challenge five. */
export const QR_TTL_S = 120;
export const MAGIC_TTL_MIN = 15;
export const OAUTH_STATE_TTL_MIN = 10;
export const PASSKEY_CHALLENGE_TTL_MIN = 5;
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 60;

/** Providers the site knows; each is offered only when its keys are set (README). `oidc` is the configurable one. */
export const PROVIDERS = ['vk', 'yandex', 'google', 'apple', 'twitter', 'facebook', 'telegram', 'oidc'] as const;
export type ProviderType = (typeof PROVIDERS)[number];

/** Socket message on `signin-qr-{id}`. */
export interface QrEvent {
  type: 'qr_confirmed';
}

/** The popup window's message to its opener (spec/content.md §7). */
export interface OAuthResult {
  source: 'sreda-signin';
  success: boolean;
  error: string;
}
