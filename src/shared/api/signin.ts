import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { PASSKEY_NAME_MAX, PROVIDERS, type ProviderType } from '../signin.ts';
import { emailField, idField, plainBody, withoutControlChars } from '../validation.ts';
import { signedIn } from './auth.ts';
import { contract, type ContractOutput } from './contract.ts';

/**
 * Ways of signing in (issue 15, items 1–4): QR login, magic links, passkeys, the sign-in methods in settings, and the
 * providers' popup pages at the site root.
 */

// ── Fields ─────────────────────────────────────────────────────────────────────────────────────────────────

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

/** A WebAuthn answer from @simplewebauthn/browser, sent as one JSON string (bracket notation would lose its types). */
const credentialJson = z
  .string({ error: messages.passkeyResponseInvalid })
  .max(20_000, messages.passkeyResponseInvalid);

const unixTime = z.number().int();
const providerType = z.enum(PROVIDERS);

/** An offered provider, as the auth popup and settings list it. */
const providerInfo = z.object({
  type: providerType,
  name: z.string(),
  /** Where the popup window goes: `/auth/{type}`. */
  url: z.string(),
});
export type ProviderInfo = z.output<typeof providerInfo>;

/** The account's ways in besides the password: linked providers and passkeys, and the providers offered. */
const signinMethods = z.object({
  has_password: z.boolean(),
  providers: z.array(providerInfo),
  identities: z.array(
    z.object({
      id: z.number().int(),
      type: providerType,
      provider_name: z.string(),
      /** The name and address the provider gave. */
      name: z.string(),
      email: z.string(),
      created_at: unixTime,
    }),
  ),
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      created_at: unixTime,
      last_used_at: unixTime.nullable(),
    }),
  ),
});

/** Options for the browser library, and the key naming the stored challenge (five minutes, once). */
const passkeyOptions = z.object({
  key: z.string(),
  /** WebAuthn's options as @simplewebauthn/browser takes them (`optionsJSON`). */
  options: z.unknown(),
});

// ── QR login ───────────────────────────────────────────────────────────────────────────────────────────────

/** A new QR code for a signed-out browser: the phone's URL (drawn as the code) and what the waiting browser keeps. */
export const qrUrl = contract({
  method: 'GET',
  path: '/u/qr/url',
  access: 'anyone',
  response: z.object({
    url: z.string(),
    /** The browser's own secret: with it, and only after the phone confirmed, `POST /u/qr/complete` signs in. */
    key: z.string(),
    expires_at: unixTime,
    /** Private socket channel the confirmation arrives on (spec/foundation.md §3: time + hash). */
    channel: z.string(),
    time: unixTime,
    hash: z.string(),
  }),
});
export type QrCode = ContractOutput<typeof qrUrl>;

/** What the signed-in phone is shown before it confirms: the asking browser, its address and when it asked. */
export const qrInfo = contract({
  method: 'GET',
  path: '/u/qr/info',
  access: 'user',
  query: z.strictObject({ code: secretField(messages.qrInvalid), mode: z.string().max(16).optional() }),
  response: z.object({
    browser: z.string(),
    os: z.string(),
    ip: z.string(),
    created_at: unixTime,
    expires_at: unixTime,
  }),
  errors: ['qr_invalid'],
});
export type QrRequest = ContractOutput<typeof qrInfo>;

const qrConfirmBody = plainBody({ code: secretField(messages.qrInvalid) });

/** The phone says yes: the waiting browser hears it on its channel at once. */
export const qrConfirm = contract({
  method: 'POST',
  path: '/u/qr/confirm',
  access: 'active',
  body: qrConfirmBody,
  response: z.object({}),
  errors: ['qr_invalid'],
});

/** The phone says no: the code is spent, nobody signs in with it. */
export const qrReject = contract({
  method: 'POST',
  path: '/u/qr/reject',
  access: 'user',
  body: qrConfirmBody,
  response: z.object({}),
  errors: ['qr_invalid'],
});

/** The waiting browser trades its key for a session, once, after the phone confirmed. */
export const qrComplete = contract({
  method: 'POST',
  path: '/u/qr/complete',
  access: 'anyone',
  body: plainBody({ key: secretField(messages.qrKeyInvalid) }),
  response: signedIn,
  errors: ['qr_key_invalid', 'qr_invalid', 'qr_not_confirmed', 'wrong_credentials'],
});

// ── Magic link ─────────────────────────────────────────────────────────────────────────────────────────────

/** Mails a one-time 15-minute link when the address is known; the answer is the same either way. */
export const magicCreate = contract({
  method: 'POST',
  path: '/magic/create',
  access: 'anyone',
  body: plainBody({ email: emailField, redirect: redirectField }),
  /** Where the visitor lands after following the link. */
  response: z.object({ redirect_url: z.string() }),
  errors: ['redirect_invalid'],
});

/** Following the link (a button on its page, so a mail scanner's GET spends nothing): signs in once. */
export const magicUse = contract({
  method: 'POST',
  path: '/magic/use',
  access: 'anyone',
  body: plainBody({ token: secretField(messages.magicInvalid) }),
  response: signedIn.extend({ redirect_url: z.string() }),
  errors: ['magic_invalid', 'oauth_linked_elsewhere', 'wrong_credentials'],
});

// ── Methods in settings ────────────────────────────────────────────────────────────────────────────────────

/** The providers whose keys are set, in the order the popup shows them. */
export const providers = contract({
  method: 'GET',
  path: '/auth/providers',
  access: 'anyone',
  response: z.object({ providers: z.array(providerInfo) }),
});

export const methods = contract({
  method: 'GET',
  path: '/users/settings/signin',
  access: 'user',
  response: signinMethods,
});
export type SigninMethods = ContractOutput<typeof methods>;

/** A provider or a passkey goes, never the last way in; the answer is the methods left. */
export const unlink = contract({
  method: 'POST',
  path: '/users/settings/unlink',
  access: 'active',
  body: plainBody({
    id: idField(messages.unlinkInvalid),
    type: z.enum([...PROVIDERS, 'passkey'], { error: messages.unlinkInvalid }),
  }),
  response: signinMethods,
  errors: ['unlink_invalid', 'unlink_last'],
});

// ── Passkeys ───────────────────────────────────────────────────────────────────────────────────────────────

export const passkeyRegisterOptions = contract({
  method: 'POST',
  path: '/passkeys/register/options',
  access: 'active',
  body: plainBody({}),
  response: passkeyOptions,
  errors: ['passkey_too_many'],
});
export type PasskeyOptions = ContractOutput<typeof passkeyRegisterOptions>;

/** The browser's new credential joins the account; the answer is its sign-in methods. */
export const passkeyRegister = contract({
  method: 'POST',
  path: '/passkeys/register',
  access: 'active',
  body: plainBody({
    key: secretField(messages.passkeyChallengeInvalid),
    credential: credentialJson,
    name: z
      .string({ error: messages.wrongType })
      .max(PASSKEY_NAME_MAX, messages.passkeyNameTooLong(PASSKEY_NAME_MAX))
      .optional(),
  }),
  response: signinMethods,
  errors: [
    'passkey_challenge_invalid',
    'passkey_response_invalid',
    'passkey_name_too_long',
    'passkey_failed',
    'passkey_too_many',
  ],
});

/** Options for signing in: no user named, the browser offers the passkeys it holds for this site. */
export const passkeyLoginOptions = contract({
  method: 'POST',
  path: '/passkeys/login/options',
  access: 'anyone',
  body: plainBody({}),
  response: passkeyOptions,
});

export const passkeyLogin = contract({
  method: 'POST',
  path: '/passkeys/login',
  access: 'anyone',
  body: plainBody({ key: secretField(messages.passkeyChallengeInvalid), credential: credentialJson }),
  /** `user` null: the passkey's account is gone since (never in practice: deletion removes its passkeys). */
  response: z.object({ user: signedIn.shape.user.nullable() }),
  errors: ['passkey_challenge_invalid', 'passkey_response_invalid', 'passkey_unknown', 'passkey_failed'],
});

// ── Providers' popup pages (at the site root) ──────────────────────────────────────────────────────────────

/** What a provider may add to the callback besides the fields we read (OpenID's iss, session_state, scope…). */
const callbackFields = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  device_id: z.string().max(200).optional(),
  tgAuthResult: z.string().max(4000).optional(),
  /** Apple's form_post field with the name, sent at the first sign-in only. */
  user: z.string().max(4000).optional(),
});
export type CallbackQuery = z.output<typeof callbackFields>;

const resultPage = 'text/html; charset=utf-8';

/**
 * `/auth/{path}` and its callbacks for one provider (`path`: its type, or the spec's other name for it, `googleplus`),
 * opened in the popup window: the start goes to the provider with a fresh one-time state; the callback signs in,
 * links or signs up and answers a page that tells the opener `{success, error}` and closes.
 */
export const providerContracts = <P extends string>(type: ProviderType, path: P) => ({
  start: contract({
    method: 'GET',
    path: `/auth/${path}`,
    access: 'anyone',
    raw: {
      type: 'redirect',
      description: `To ${type}'s sign-in page, its state bound to this browser; a refusal is the popup's result page.`,
    },
  }),
  callback: contract({
    method: 'GET',
    path: `/auth/${path}/callback`,
    access: 'anyone',
    query: callbackFields,
    raw: { type: resultPage, description: "The popup's result page: it tells the opener `{success, error}`." },
  }),
  /** Apple's form_post (response_mode=form_post) from its own site: cross-site, no CSRF marker. */
  formCallback: contract({
    method: 'POST',
    path: `/auth/${path}/callback`,
    access: 'anyone',
    body: callbackFields,
    raw: { type: resultPage, description: "The popup's result page: it tells the opener `{success, error}`." },
  }),
});
