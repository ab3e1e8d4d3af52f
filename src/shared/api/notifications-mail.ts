import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { EMAIL_TOKEN_RE, digestEmailField } from '../notifications.ts';
import { plainBody, withoutControlChars } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/**
 * Mail opt-ins and web push devices (issue 5): the digest's opt-in and confirmation, unsubscribe links, the push
 * config and endpoints (`/api/endpoint/…`, outside /v3.0), Safari's retired registrations and the service worker.
 */

/** A mailed link's subscription: `active` while mail may go there, `asked` when the digest was, `confirmed` once it goes. */
const emailSubscriptionInfo = z.object({
  email: z.string(),
  active: z.boolean(),
  asked: z.boolean(),
  confirmed: z.boolean(),
});
export type EmailSubscriptionInfo = z.output<typeof emailSubscriptionInfo>;

const tokenField = z
  .string({ error: messages.unsubscribeTokenInvalid })
  .regex(EMAIL_TOKEN_RE, messages.unsubscribeTokenInvalid);

/** Whatever a caller outside our client sends along (a browser's query string, a mail provider's form body). */
const anything = z.unknown();
const anyQuery = z.record(z.string(), z.unknown());

/** Push config (spec/content.md §3): the VAPID public key; Apple's web push id is gone with Safari's old protocol. */
export const pushConfig = contract({
  method: 'GET',
  path: '/push/config',
  access: 'anyone',
  response: z.object({ public_key: z.string(), push_domain: z.string(), apple_web_push_id: z.null() }),
});

/** The daily digest for an address, once its owner follows the confirmation letter. */
export const optIn = contract({
  method: 'POST',
  path: '/email/subscribe/opt_in',
  access: 'anyone',
  body: plainBody({ email: digestEmailField }),
  response: z.object({ email: z.string(), digest: z.boolean() }),
  errors: ['digest_email_invalid'],
});

export const unsubscribe = contract({
  method: 'POST',
  path: '/email/unsubscribe',
  access: 'anyone',
  body: plainBody({ token: tokenField }),
  response: emailSubscriptionInfo,
  errors: ['unsubscribe_token_invalid'],
});

/** The confirmation letter's button: the digest starts; pressing again answers the same. */
export const confirm = contract({
  method: 'POST',
  path: '/email/confirm',
  access: 'anyone',
  body: plainBody({
    token: z.string({ error: messages.digestConfirmInvalid }).regex(EMAIL_TOKEN_RE, messages.digestConfirmInvalid),
  }),
  response: z.object({ email: z.string(), active: z.boolean(), confirmed: z.boolean() }),
  errors: ['digest_confirm_invalid'],
});
export type ConfirmData = ContractOutput<typeof confirm>;

/** The browser's PushSubscription.toJSON(): `{endpoint, expirationTime, keys: {p256dh, auth}}`. */
const b64url = (min: number, max: number) =>
  z
    .string({ error: messages.pushEndpointInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, messages.pushEndpointInvalid)
    .min(min, messages.pushEndpointInvalid)
    .max(max, messages.pushEndpointInvalid);
const endpointField = withoutControlChars(z.string({ error: messages.pushEndpointInvalid }))
  .min(1, messages.pushEndpointInvalid)
  .max(2000, messages.pushEndpointInvalid);
const endpointAnswer = z.object({ endpoint: z.string() });

/** A device's web push subscription (outside /v3.0); PUT, or POST as forms send it. */
export const pushPut = contract({
  method: 'PUT',
  path: '/api/endpoint/put/',
  access: 'user',
  body: plainBody({
    endpoint: endpointField,
    expirationTime: z
      .union([z.null(), z.number(), z.string().max(20)], { error: messages.pushEndpointInvalid })
      .optional(),
    // P-256 public key (65 bytes → 87 characters) and the 16-byte auth secret (22 characters).
    keys: z.strictObject({ p256dh: b64url(80, 100), auth: b64url(16, 32) }, { error: messages.pushEndpointInvalid }),
  }),
  response: endpointAnswer,
  errors: ['push_endpoint_invalid', 'push_endpoint_refused'],
});
export const pushPutByPost = contract({ ...pushPut, method: 'POST' });

/** The device's subscription forgotten (only the caller's own); POST, or DELETE. */
export const pushDelete = contract({
  method: 'POST',
  path: '/api/endpoint/delete/',
  access: 'user',
  body: plainBody({ endpoint: endpointField }),
  response: endpointAnswer,
  errors: ['push_endpoint_invalid', 'push_not_subscribed'],
});
export const pushDeleteByDelete = contract({ ...pushDelete, method: 'DELETE' });

/**
 * Safari's pushPackage protocol (Safari 6–15) is retired by Apple; Safari 16+ subscribes through standard web push.
 * Old registrations are told it is gone (410), so such a browser stops retrying: this never answers otherwise.
 */
export const safariGone = contract({
  method: 'POST',
  path: '/v1/devices/:token/registrations/:id',
  access: 'anyone',
  params: z.object({ token: z.string(), id: z.string() }),
  query: anyQuery,
  body: anything,
  response: z.never(),
  errors: ['safari_push_gone'],
});
export const safariGoneByDelete = contract({ ...safariGone, method: 'DELETE' });

/** The service worker, from the site's root to control every page. */
export const serviceWorker = contract({
  method: 'GET',
  path: '/sw.js',
  access: 'anyone',
  query: anyQuery,
  raw: {
    type: 'text/javascript; charset=utf-8',
    description:
      'The service worker: shows web push notifications and opens their links; keeps pages for offline reading.',
  },
});

/**
 * One-click unsubscribe (RFC 8058): mail providers POST here without cookies or our CSRF marker; the token is the
 * key, and the body they send (`List-Unsubscribe=One-Click`) is not ours to check.
 */
export const unsubscribeOneClick = contract({
  method: 'POST',
  path: '/email/unsubscribe/:token',
  access: 'anyone',
  params: z.object({ token: tokenField }),
  query: anyQuery,
  body: anything,
  response: emailSubscriptionInfo,
  errors: ['unsubscribe_token_invalid'],
});
