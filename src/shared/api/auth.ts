import { z } from 'zod';
import type { Role } from '../api.ts';
import { captchaField } from '../captcha.ts';
import {
  loginBody,
  plainBody,
  recoverDoBody,
  recoverRequestBody,
  recoverTokenField,
  registerBody,
} from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Sessions: sign-up, sign-in, sign-out and password recovery (spec/foundation.md). */

const roles = ['user', 'moderator', 'admin', 'superuser'] as const satisfies readonly Role[];

/** The current user object of spec/content.md §3. */
export const currentUser = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The personal blog's address. */
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  hash: z.string(),
  is_known_email: z.boolean(),
  user_email: z.string(),
  createdRFC: z.string(),
  /** How this session signed in: email, qr, magic, passkey or a provider (vk, yandex, google, apple, twitter, facebook, telegram, oidc). */
  login_method: z.string(),
  stat_group: z.number().int(),
  level: z.number().int(),
  role: z.enum(roles),
  is_paid: z.boolean(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  is_cabinet_exist: z.boolean(),
  is_user: z.boolean(),
  is_subsites_tuned: z.boolean(),
  show_possession: z.boolean(),
  /** The subsites the user manages (owner or admin): their channels, team and settings (spec/content.md §6). */
  managedSubsites: z.array(
    z.object({
      value: z.number().int(),
      label: z.string(),
      additionalData: z.object({ uri: z.string(), messengerHash: z.string() }),
    }),
  ),
  /** Communities whose approval queue the user reviews: the managed ones and those they moderate. */
  reviewed_subsite_ids: z.array(z.number().int()),
  subscribed_ids: z.array(z.number().int()),
  ignored_ids: z.array(z.number().int()),
  forceReload: z.boolean(),
  can_mark_nsfw: z.boolean(),
  m_hash: z.string(),
  /** The site-wide ban that holds, with its reason and end (null: for good); the banner shows it. */
  ban: z.object({ until: z.string().nullable(), reason: z.string() }).nullable(),
  /** 18+: the age is confirmed; 18+ entries are blurred even so (spec/content.md §7 is_adult, is_blur_nsfw). */
  is_adult: z.boolean(),
  is_blur_nsfw: z.boolean(),
});
export type CurrentUser = z.output<typeof currentUser>;

/** A sign-in's answer: the current user object (the session comes as a cookie). */
export const signedIn = z.object({ user: currentUser });
export type SignedInData = z.output<typeof signedIn>;

/** The current user object, or null for an anonymous visitor (also at the site root). */
export const check = contract({
  method: 'GET',
  path: '/auth/check',
  access: 'anyone',
  response: z.object({ user: currentUser.nullable() }),
});
export type AuthCheckData = ContractOutput<typeof check>;

/** Mails a one-hour recovery link when the email is known; the answer is the same either way (also at the root). */
export const recoverRequest = contract({
  method: 'POST',
  path: '/auth/simple/recover/request',
  access: 'anyone',
  body: recoverRequestBody,
  response: z.object({}),
});

/** Sets the new password by the mailed link's token, ends every other session and signs in (also at the root). */
export const recoverDo = contract({
  method: 'POST',
  path: '/auth/simple/recover/do',
  access: 'anyone',
  body: recoverDoBody,
  response: signedIn,
  errors: ['recover_token_invalid'],
});

/** The API side of the mailed link (at the root, the same path is the page that link opens): whose it is. */
export const recoverCheck = contract({
  method: 'GET',
  path: '/auth/simple/recover',
  access: 'anyone',
  query: z.strictObject({ token: recoverTokenField, mode: z.string().optional() }),
  response: z.object({ email: z.string(), name: z.string() }),
  errors: ['recover_token_invalid'],
});

/** Sign-up: a user with a personal blog, signed in. */
export const register = contract({
  method: 'POST',
  path: '/auth/simple/register',
  access: 'anyone',
  body: registerBody,
  response: signedIn,
  errors: ['email_taken', 'signup_refused'],
});

/** Sign-in by email and password; past a few failures the captcha comes back (rc 418) and must be solved. */
export const login = contract({
  method: 'POST',
  path: '/auth/simple/login',
  access: 'anyone',
  body: loginBody.extend({ captcha: captchaField }),
  response: signedIn,
  errors: ['wrong_credentials', 'sign_in_captcha', 'captcha_invalid'],
});

/** Ends this browser's session. */
export const logout = contract({
  method: 'POST',
  path: '/auth/logout',
  access: 'anyone',
  body: plainBody({}),
  response: z.object({ user: z.null() }),
});
