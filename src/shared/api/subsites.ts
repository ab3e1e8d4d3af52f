import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { FEED_SORTINGS } from '../feed.ts';
import { SUBSITE_ROLE_NAMES } from '../moderation.ts';
import { idField, intField, plainBody } from '../validation.ts';
import { subsiteCard } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Communities, subscriptions and the reader's relation to a subsite (spec/content.md §4). */

const idParams = z.object({ id: idField(messages.subsiteNotFound) });
const int = z.number().int();

/** The shell's list of communities. */
export const communities = contract({
  method: 'GET',
  path: '/subsites/communities',
  access: 'anyone',
  query: plainBody({ limit: intField(messages.badRequest, 1, 100).optional() }),
  response: z.object({ items: z.array(subsiteCard) }),
});

const subscribeData = z.object({
  subsite_id: int,
  is_subscribed: z.boolean(),
  subscribers_count: int,
  /** A private community: the person asked to join and waits for its managers (then `is_subscribed` is false). */
  is_requested: z.boolean(),
});

/** Subscribing; in a private community it is joining, which asks its managers unless the person comes in at once. */
export const subscribe = contract({
  method: 'POST',
  path: '/subscribe/to/subsite/:id',
  access: 'active',
  params: idParams,
  response: subscribeData,
  errors: ['subsite_not_found', 'cannot_subscribe_self'],
});
export type SubscribeData = ContractOutput<typeof subscribe>;

export const unsubscribe = contract({
  ...subscribe,
  path: '/unsubscribe/to/subsite/:id',
  errors: ['subsite_not_found'],
});

/** The subsite page's header: the card plus what the reader did with it. */
export const details = contract({
  method: 'GET',
  path: '/subsite/:id',
  access: 'anyone',
  params: idParams,
  response: subsiteCard.extend({
    slug: z.string(),
    cover_url: z.string().nullable(),
    is_private: z.boolean(),
    /** The reader hid it from their feeds (`/mute/subsite/{id}`). */
    is_muted: z.boolean(),
    /** The reader gets notifications about new entries (only while subscribed). */
    is_notify: z.boolean(),
    /** The reader's own blog: no subscribe, mute or bell. */
    is_mine: z.boolean(),
    /** A blog whose account was deleted: nothing to subscribe to. */
    is_deleted: z.boolean(),
    /** The reader runs it (its owner or an admin): the header links to its settings. */
    can_manage: z.boolean(),
    /** The reader reads its entries: false only in a private community they are not a member of (staff read all). */
    can_read: z.boolean(),
    /** A private community where Plus readers join without a request. */
    plus_join: z.boolean(),
    /** The reader asked to join this private community and waits. */
    is_join_requested: z.boolean(),
    /** Its managers: how many requests to join wait (0 for everyone else). */
    join_requests_count: int,
    entries_count: int,
    created: z.string(),
    /** Its roles (spec/content.md §3), `active` where the reader holds it: creator, admin, moderator, editor, author. */
    roles: z.array(z.object({ name: z.enum(SUBSITE_ROLE_NAMES), active: z.boolean() })),
  }),
  errors: ['subsite_not_found'],
});
export type SubsiteDetailsData = ContractOutput<typeof details>;

const muteData = z.object({ subsite_id: int, is_muted: z.boolean() });

/** Muting a person's blog ignores that author everywhere (spec/content.md §4: mute subsite, ignore author). */
export const mute = contract({
  method: 'POST',
  path: '/mute/subsite/:id',
  access: 'active',
  params: idParams,
  response: muteData,
  errors: ['subsite_not_found', 'cannot_mute_self'],
});
export type MuteData = ContractOutput<typeof mute>;

export const unmute = contract({ ...mute, path: '/unmute/subsite/:id', errors: ['subsite_not_found'] });

const notifyData = z.object({ subsite_id: int, is_notify: z.boolean() });

/** The bell: notifications about the subsite's new entries, only while subscribed. */
export const notifyOn = contract({
  method: 'POST',
  path: '/notifications/subscribe/subsite/:id',
  access: 'active',
  params: idParams,
  response: notifyData,
  errors: ['subsite_not_found', 'notify_needs_subscription'],
});
export type NotifyData = ContractOutput<typeof notifyOn>;

export const notifyOff = contract({
  ...notifyOn,
  path: '/notifications/unsubscribe/subsite/:id',
  errors: ['subsite_not_found'],
});

/** The sorting the main page `/` opens with for this reader. */
export const saveDefaultSorting = contract({
  method: 'POST',
  path: '/subsite/save_default_sorting_for_feed/:type',
  access: 'active',
  params: z.object({ type: z.enum(FEED_SORTINGS, { error: messages.feedSortingInvalid }) }),
  response: z.object({ sorting: z.enum(FEED_SORTINGS) }),
});

// ── A private community's requests to join (issue 32, point 4) ─────────────────────────────────────────────

const joinRequests = z.object({
  items: z.array(
    z.object({
      id: int,
      name: z.string(),
      url: z.string(),
      avatar_url: z.string().nullable(),
      avatar_color: z.string(),
      is_plus: z.boolean(),
      /** When they asked (ISO). */
      date: z.string(),
    }),
  ),
  /** How many wait in all (the list shows the oldest hundred). */
  count: int,
});
export type JoinRequests = z.output<typeof joinRequests>;

const reviewErrors = ['subsite_not_found', 'join_requests_forbidden'] as const;

/** The waiting requests, the oldest first: its creator and admins (the site's admins too). */
export const joinRequestsOf = contract({
  method: 'GET',
  path: '/subsite/requests/:id',
  access: 'user',
  params: idParams,
  response: joinRequests,
  errors: [...reviewErrors],
});

const decision = {
  method: 'POST',
  access: 'active',
  params: idParams,
  body: plainBody({ user_id: idField(messages.joinRequestNotFound) }),
  response: joinRequests,
  errors: [...reviewErrors, 'join_request_not_found'],
} as const;

/** Approves a request: the person becomes a member and is told; the answer is the list after it. */
export const approveJoin = contract({ ...decision, path: '/subsite/requests/:id/approve' });

/** Refuses a request: the person is told; the answer is the list after it. */
export const refuseJoin = contract({ ...decision, path: '/subsite/requests/:id/refuse' });
