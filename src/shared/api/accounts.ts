import { z } from 'zod';
import { DESCRIPTION_MAX, SLUG_RE, TOKEN_DAYS_MAX, TOKEN_NAME_MAX } from '../accounts.ts';
import { messages } from '../catalogue.ts';
import {
  collapse,
  emailField,
  idField,
  intField,
  nameField,
  passwordField,
  plainBody,
  withoutControlChars,
} from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Account settings, API tokens, sessions, the email, deletion and export (issue 15, items 5, 7); subsites: accounts-subsites.ts. */

// ── Fields (the subsite settings' too: api/accounts-subsites.ts) ──────────────────────────────────────────

export const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? required : messages.wrongType) })
    .max(max * 4, tooLong)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLong));

/** A picture uploaded here: `/media/{uuid}/` with optional filters, or '' to remove it. */
/** A picture of this site's store as the pickers give it: `/media/{uuid}/`, maybe with its operations. */
export const MEDIA_PATH_RE = /^\/media\/([0-9a-f-]{36})\/(?:-\/[a-z_]+\/[0-9a-z_x]+\/)*$/;

export const mediaUrlField = withoutControlChars(z.string({ error: messages.imageUrlInvalid }))
  .refine((s) => s === '' || MEDIA_PATH_RE.test(s), {
    message: messages.imageUrlInvalid,
  })
  .transform((s) => (s === '' ? null : s));

export const slugField = withoutControlChars(z.string({ error: messages.slugInvalid }))
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(SLUG_RE, messages.slugInvalid));

export const descriptionField = text(messages.wrongType, DESCRIPTION_MAX, messages.descriptionTooLong(DESCRIPTION_MAX));

/** Absent for an account without a password (made through a provider): a fresh sign-in proves it instead. */
const currentPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(200, messages.currentPasswordWrong)
  .optional();

/** ISO 8601 date and time. */
const isoTime = z.string();

/** The person proves it is them: the current password, or a sign-in within minutes for an account without one. */
const proofErrors = ['current_password_wrong', 'fresh_sign_in_needed'] as const;

// ── API tokens (spec/foundation.md §1–2: the 'get API token' modal) ─────────────────────────────────────────

const tokenItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters, to tell tokens apart; the token itself is shown once, when made. */
  prefix: z.string(),
  scope: z.enum(['read', 'write']),
  status: z.enum(['active', 'revoked', 'expired']),
  is_active: z.boolean(),
  created: isoTime,
  /** Null for a token without an end. */
  valid_until: isoTime.nullable(),
  last_used: isoTime.nullable(),
});
export type ApiTokenItem = z.output<typeof tokenItem>;

export const tokens = contract({
  method: 'GET',
  path: '/tokens',
  access: 'user',
  response: z.object({ items: z.array(tokenItem) }),
});

/** A new token: shown once in this answer; only its hash is kept. */
export const createToken = contract({
  method: 'POST',
  path: '/tokens/create',
  access: 'active',
  body: plainBody({
    name: z
      .string({ error: messages.tokenNameRequired })
      .transform(collapse)
      .pipe(
        z.string().min(1, messages.tokenNameRequired).max(TOKEN_NAME_MAX, messages.tokenNameTooLong(TOKEN_NAME_MAX)),
      ),
    scope: z.enum(['read', 'write'], { error: messages.tokenScopeInvalid }),
    /** 0: no end. */
    days: intField(messages.tokenDaysInvalid(TOKEN_DAYS_MAX), 0, TOKEN_DAYS_MAX),
  }),
  response: z.object({ token: z.string(), item: tokenItem }),
  errors: ['token_name_required', 'token_name_too_long', 'token_scope_invalid', 'token_days_invalid', 'token_too_many'],
});
export type ApiTokenCreated = ContractOutput<typeof createToken>;

export const revokeToken = contract({
  method: 'POST',
  path: '/tokens/revoke/:id',
  access: 'user',
  params: z.object({ id: idField(messages.tokenIdInvalid) }),
  response: z.object({ item: tokenItem }),
  errors: ['token_id_invalid', 'token_not_found'],
});

// ── Profile (spec/content.md §2 `/u/me/settings`) ─────────────────────────────────────────────────────────────

const deletionState = z.object({ mode: z.enum(['anonymize', 'remove']), run_at: isoTime });
export type DeletionState = z.output<typeof deletionState>;

const exportItem = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'ready', 'failed']),
  /** Bytes of the archive (0 until it is ready). */
  size: z.number().int(),
  created: isoTime,
  /** The download address once the archive is ready. */
  url: z.string().nullable(),
});
export type ExportItem = z.output<typeof exportItem>;

const accountSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  slug: z.string(),
  description: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  cover_url: z.string().nullable(),
  /** When the name may change next, or null when it may now. */
  name_change_at: isoTime.nullable(),
  /** The call came with an API token. */
  via_token: z.boolean(),
  /** False for an account made through a provider or a link: its forms ask for a fresh sign-in, not a password. */
  has_password: z.boolean(),
  /** A requested deletion still in its grace period, or null. */
  deletion: deletionState.nullable(),
  exports: z.array(exportItem),
});

export const settings = contract({
  method: 'GET',
  path: '/users/settings',
  access: 'user',
  response: accountSettings,
  errors: ['not_found'],
});
export type AccountSettings = ContractOutput<typeof settings>;

/** Once a month; the answer is the settings after the change. */
export const changeName = contract({
  method: 'POST',
  path: '/users/settings/name',
  access: 'active',
  body: plainBody({ name: nameField }),
  response: accountSettings,
  errors: ['name_same', 'not_found'],
});

/** The blog's description, address and pictures (each optional; '' removes a picture). */
export const saveProfile = contract({
  method: 'POST',
  path: '/users/settings/profile',
  access: 'active',
  body: plainBody({
    description: descriptionField.optional(),
    slug: slugField.optional(),
    avatar_url: mediaUrlField.optional(),
    cover_url: mediaUrlField.optional(),
  }),
  response: accountSettings,
  errors: ['description_too_long', 'slug_invalid', 'image_url_invalid', 'not_found'],
});

/** A new password (or a first one) ends every other session; the answer says how many. */
export const changePassword = contract({
  method: 'POST',
  path: '/users/settings/password',
  access: 'active',
  body: plainBody({ current: currentPasswordField, password: passwordField }),
  response: z.object({ ended: z.number().int() }),
  errors: [...proofErrors],
});

const sessionItem = z.object({
  /** The first characters of the session's key: names the row without revealing it. */
  id: z.string(),
  created: isoTime,
  ip: z.string(),
  user_agent: z.string(),
  /** This browser's session. */
  is_current: z.boolean(),
});
export type SessionItem = z.output<typeof sessionItem>;

export const sessions = contract({
  method: 'GET',
  path: '/users/settings/sessions',
  access: 'user',
  response: z.object({ items: z.array(sessionItem) }),
});

/** Signs out on other devices; `ended`: how many sessions ended. */
export const endOtherSessions = contract({
  method: 'POST',
  path: '/users/settings/sessions/end_others',
  access: 'user',
  response: z.object({ ended: z.number().int() }),
});

// ── Email, deletion, export (issue 15, item 7) ──────────────────────────────────────────────────────────────

/** A link to the new address; the email changes only when it is opened. */
export const changeEmail = contract({
  method: 'POST',
  path: '/users/settings/email',
  access: 'active',
  body: plainBody({ email: emailField, password: currentPasswordField }),
  /** The new address the link went to. */
  response: z.object({ email: z.string() }),
  errors: [...proofErrors, 'email_same', 'email_taken'],
});

/** The button on the mailed link's page: the address changes once. */
export const confirmEmail = contract({
  method: 'POST',
  path: '/users/settings/email/confirm',
  access: 'anyone',
  body: plainBody({
    token: z
      .string({ error: messages.emailChangeInvalid })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, messages.emailChangeInvalid),
  }),
  response: z.object({ email: z.string() }),
  errors: ['email_change_invalid', 'email_taken'],
});

/** Deletion after the grace period; `content` says what becomes of entries and comments (`mode` is the envelope's). */
export const requestDeletion = contract({
  method: 'POST',
  path: '/users/settings/delete',
  access: 'user',
  body: plainBody({
    password: currentPasswordField,
    content: z.enum(['anonymize', 'remove'], { error: messages.deletionModeInvalid }),
  }),
  /** `message`: the success message, with the day the deletion runs. */
  response: z.object({ deletion: deletionState, message: z.string() }),
  errors: [...proofErrors, 'deletion_mode_invalid'],
});

export const cancelDeletion = contract({
  method: 'POST',
  path: '/users/settings/delete/cancel',
  access: 'user',
  response: z.object({ deletion: z.null() }),
  errors: ['deletion_not_requested'],
});

/** Queues the data export (a job makes the archive); the answer is the new export's id and the list. */
export const requestExport = contract({
  method: 'POST',
  path: '/users/settings/export',
  access: 'user',
  response: z.object({ id: z.number().int(), items: z.array(exportItem) }),
  errors: ['export_pending'],
});

export const exportFile = contract({
  method: 'GET',
  path: '/users/settings/export/:id',
  access: 'user',
  params: z.object({ id: idField(messages.exportIdInvalid) }),
  raw: {
    type: 'application/gzip',
    description: 'The archive: README, profile.json, entries/{id}.json, comments.json.',
  },
  errors: ['export_id_invalid', 'export_not_found'],
});
