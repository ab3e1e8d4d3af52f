/**
 * Wire contracts of sign-in (issue 15, items 1–4): QR login, social sign-in, magic links and passkeys.
 * Shared by the server module (src/server/modules/signin) and the web feature (src/web/features/signin).
 */
import { z } from 'zod';
import { messages } from './catalogue.ts';
import { emailField, idField, plainBody, withoutControlChars } from './validation.ts';

/** Lifetimes: a QR code two minutes, a mailed link 15 minutes, an OAuth window ten, a passkey challenge five. */
export const QR_TTL_S = 120;
export const MAGIC_TTL_MIN = 15;
export const OAUTH_STATE_TTL_MIN = 10;
export const PASSKEY_CHALLENGE_TTL_MIN = 5;
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 60;

/** Providers the site knows; each is offered only when its keys are set (README). `oidc` is the configurable one. */
export const PROVIDERS = ['vk', 'yandex', 'google', 'apple', 'telegram', 'oidc'] as const;
export type ProviderType = (typeof PROVIDERS)[number];

/** An offered provider, as the auth popup and settings list it. */
export interface ProviderInfo {
  type: ProviderType;
  name: string;
  /** Where the popup window goes: `/auth/{type}`. */
  url: string;
}

/** `GET /v3.0/u/qr/url`: the phone's URL (drawn as the QR code) and what the waiting browser keeps. */
export interface QrCode {
  url: string;
  /** The browser's own secret: with it, and only after the phone confirmed, `POST /u/qr/complete` signs in. */
  key: string;
  expires_at: number;
  /** Private socket channel the confirmation arrives on (spec/foundation.md §3: time + hash). */
  channel: string;
  time: number;
  hash: string;
}

/** What the phone is shown before it confirms. */
export interface QrRequest {
  browser: string;
  os: string;
  ip: string;
  created_at: number;
  expires_at: number;
}

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

/** A linked provider in settings. */
export interface LinkedIdentity {
  id: number;
  type: ProviderType;
  provider_name: string;
  name: string;
  email: string;
  created_at: number;
}

export interface PasskeyInfo {
  id: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface SigninMethods {
  has_password: boolean;
  providers: ProviderInfo[];
  identities: LinkedIdentity[];
  passkeys: PasskeyInfo[];
}

// ── Fields and bodies ──────────────────────────────────────────────────────────────────────────────────────

/** A one-time secret as the server hands it out: 43 base64url characters (32 random bytes). */
export const secretField = (rm: string) => z.string({ error: rm }).regex(/^[A-Za-z0-9_-]{43}$/, rm);

/** A local path to come back to (never another site): `/`, `/u/1-anna`, `/popular?x=1`. */
export const redirectField = withoutControlChars(z.string({ error: messages.redirectInvalid }))
  .pipe(
    z
      .string()
      .max(500, messages.tooLong(500))
      .regex(/^\/(?![/\\])[^\s]*$/, messages.redirectInvalid),
  )
  .optional();

export const qrCodeQuery = z.strictObject({
  code: secretField(messages.qrInvalid),
  mode: z.string().max(16).optional(),
});
export const qrConfirmBody = plainBody({ code: secretField(messages.qrInvalid) });
export const qrCompleteBody = plainBody({ key: secretField(messages.qrKeyInvalid) });

export const magicCreateBody = plainBody({ email: emailField, redirect: redirectField });
export const magicUseBody = plainBody({ token: secretField(messages.magicInvalid) });

export const unlinkBody = plainBody({
  id: idField(messages.unlinkInvalid),
  type: z.enum([...PROVIDERS, 'passkey'], { error: messages.unlinkInvalid }),
});

/** A WebAuthn answer from @simplewebauthn/browser, sent as one JSON string (bracket notation would lose its types). */
const credentialJson = z
  .string({ error: messages.passkeyResponseInvalid })
  .max(20_000, messages.passkeyResponseInvalid);

export const passkeyRegisterBody = plainBody({
  key: secretField(messages.passkeyChallengeInvalid),
  credential: credentialJson,
  name: z
    .string({ error: messages.wrongType })
    .max(PASSKEY_NAME_MAX, messages.passkeyNameTooLong(PASSKEY_NAME_MAX))
    .optional(),
});
export const passkeyLoginBody = plainBody({
  key: secretField(messages.passkeyChallengeInvalid),
  credential: credentialJson,
});

/** Options for the browser library, plus the key naming the stored challenge. */
export interface PasskeyOptions<T = unknown> {
  key: string;
  options: T;
}
