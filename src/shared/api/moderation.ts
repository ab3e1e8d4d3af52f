import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { GENDERS } from '../gender.ts';
import { REASON_MAX } from '../moderation.ts';
import { emptyAs, flagField, idField, intField, parentIdField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Bans, the staff's people search and card, the audit log (issue 11); entry actions are in moderation-entries.ts. */

// The service trims and checks the real limit; this keeps a megabyte of text away from the clean-up.
export const reasonField = z
  .string({ error: messages.wrongType })
  .max(REASON_MAX * 4, messages.banReasonTooLong(REASON_MAX));

/**
 * Days: whole, 0…2³¹−1 (more than 1095 is lowered by the service); absent, empty or 0 means for good. Optional ids
 * and days default to null, so a caller may leave them out (the parsers' own input type is `unknown`, a required key).
 */
const daysField = emptyAs(null, intField(messages.banDaysInvalid, 0).nullable()).default(null);

const userParams = z.strictObject({ id: idField(messages.banUserIdInvalid) });
const lastIdField = parentIdField(messages.auditLastIdInvalid).default(null);
/** The last item's id when a next page may follow, else null. */
export const lastId = z.number().int().nullable();

const int = z.number().int();
/** Someone with a link to their blog. */
export const personLink = z.object({ id: int, name: z.string(), url: z.string() });
const byPerson = z.object({ id: int, name: z.string() });
const siteRole = z.enum(['user', 'moderator', 'admin', 'superuser']);

const banItem = z.object({
  id: int,
  user: personLink,
  by: byPerson.nullable(),
  /** null: the whole site. */
  subsite: personLink.nullable(),
  reason: z.string(),
  days: int.nullable(),
  /** ISO date, or null for good. */
  until: z.string().nullable(),
  remove_all_data: z.boolean(),
  /** Entries and comments 'remove all data' took down, restorable by an unban until `restorable_until`. */
  removed_entries: int,
  removed_comments: int,
  restorable_until: z.string().nullable(),
  date: z.string(),
  /** null while the ban holds. */
  ended: z.string().nullable(),
  lifted_by: byPerson.nullable(),
  is_active: z.boolean(),
});
export type BanItem = z.output<typeof banItem>;

const banResult = z.object({ ban: banItem });
const banCommon = ['ban_user_id_invalid', 'ban_subsite_invalid', 'ban_reason_too_long', 'ban_user_not_found'] as const;

/**
 * Site-wide, or in one subsite (spec/foundation.md §3, §5). Subsite managers ban in their subsites too: the service's
 * policy decides the rest.
 */
export const ban = contract({
  method: 'POST',
  path: '/admin/users/:id/ban',
  access: 'active',
  params: userParams,
  body: plainBody({
    reason_text: reasonField,
    days: daysField,
    remove_all_data: flagField(messages.wrongType).default(false),
    whole_platfrom: flagField(messages.wrongType).default(false),
    subsite_id: parentIdField(messages.banSubsiteInvalid).default(null),
  }),
  response: banResult,
  errors: [
    ...banCommon,
    'wrong_type',
    'ban_days_invalid',
    'ban_self',
    'ban_reason_required',
    'subsite_not_found',
    'ban_site_forbidden',
    'ban_rank_forbidden',
    'ban_forever_superuser_only',
    'ban_subsite_forbidden',
    'ban_subsite_manager',
  ],
});
export type BanResult = ContractOutput<typeof ban>;

/** Lifts the ban that holds and brings back what its 'remove all data' took while that is still kept. */
export const unban = contract({
  method: 'POST',
  path: '/admin/users/:id/unban',
  access: 'active',
  params: userParams,
  body: plainBody({
    subsite_id: parentIdField(messages.banSubsiteInvalid).default(null),
    reason_text: reasonField.default(''),
  }),
  response: banResult,
  errors: [...banCommon, 'wrong_type', 'subsite_not_found', 'unban_forbidden', 'unban_not_banned'],
});

/** The bans history widget. */
export const bansHistory = contract({
  method: 'GET',
  path: '/admin/users/:id/bans',
  access: 'staff',
  params: userParams,
  response: z.object({ items: z.array(banItem) }),
  errors: ['ban_user_id_invalid', 'bans_forbidden', 'ban_user_not_found'],
});

const userSearchItem = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  email: z.string(),
  role: siteRole,
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  banned_until: z.string().nullable(),
});
export type UserSearchItem = z.output<typeof userSearchItem>;

const auditItem = z.object({
  id: int,
  /** `gender`: the one the actor stated, else read from the name; the log's verbs agree with it. */
  actor: personLink.extend({ gender: z.enum(GENDERS) }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: int,
  /** Where the target lives (a person's blog, an entry page), when it still exists. */
  target_url: z.string().nullable(),
  target_name: z.string().nullable(),
  reason: z.string(),
  data: z.record(z.string(), z.unknown()),
  date: z.string(),
});
export type AuditItem = z.output<typeof auditItem>;

/** The staff's user card: who they are, their bans, roles and latest activity. */
const userCardData = z.object({
  user: userSearchItem.extend({ created: z.string(), rating: z.number() }),
  /** The site-wide ban that holds. */
  ban: banItem.nullable(),
  bans: z.array(banItem),
  subsite_roles: z.array(z.object({ subsite_id: int, name: z.string(), url: z.string(), role: z.string() })),
  counts: z.object({ entries: int, comments: int, removed_entries: int, removed_comments: int }),
  recent: z.array(
    z.object({
      type: z.enum(['entry', 'comment']),
      id: int,
      text: z.string(),
      url: z.string(),
      date: z.string(),
      removed: z.boolean(),
    }),
  ),
  audit: z.array(auditItem),
  /** What the viewer may do with this person. */
  can_ban: z.boolean(),
  can_ban_forever: z.boolean(),
  /** The site roles the viewer may set for this person (empty: none, the role is not theirs to change). */
  grantable_roles: z.array(siteRole),
});
export type UserCard = z.output<typeof userCardData>;

export const userCard = contract({
  method: 'GET',
  path: '/admin/users/:id',
  access: 'staff',
  params: userParams,
  response: userCardData,
  errors: ['ban_user_id_invalid', 'forbidden', 'ban_user_not_found'],
});

/**
 * A person's site role (issue 32): admins set user or moderator for people below them, superusers any role; nobody
 * their own, and the last superuser keeps theirs. Each change goes to the audit log (`user.role`).
 */
export const setSiteRole = contract({
  method: 'POST',
  path: '/admin/users/:id/role',
  access: 'active',
  params: userParams,
  body: plainBody({ role: z.enum(['user', 'moderator', 'admin', 'superuser'], { error: messages.siteRoleInvalid }) }),
  response: z.object({ user_id: int, role: siteRole, previous: siteRole }),
  errors: [
    'ban_user_id_invalid',
    'ban_user_not_found',
    'site_role_invalid',
    'site_role_forbidden',
    'site_role_rank_forbidden',
    'site_role_grant_forbidden',
    'site_role_self',
    'site_role_last_superuser',
  ],
});
export type SiteRoleResult = ContractOutput<typeof setSiteRole>;

/** By number, by the start of the address, or by a part of the name. */
export const searchUsers = contract({
  method: 'GET',
  path: '/admin/users',
  access: 'staff',
  query: plainBody({
    query: z
      .string({ error: messages.userSearchQueryInvalid })
      .trim()
      .min(1, messages.userSearchQueryInvalid)
      .max(100, messages.userSearchQueryInvalid),
  }),
  response: z.object({ items: z.array(userSearchItem) }),
  errors: ['user_search_query_invalid', 'forbidden'],
});

/** Every ban that holds now. */
export const activeBans = contract({
  method: 'GET',
  path: '/admin/bans',
  access: 'staff',
  query: plainBody({ last_id: lastIdField }),
  response: z.object({ items: z.array(banItem), last_id: lastId }),
  errors: ['audit_last_id_invalid', 'bans_forbidden'],
});

const auditList = z.object({ items: z.array(auditItem), last_id: lastId });
export type AuditList = z.output<typeof auditList>;

/** The log of staff actions, newest first; `action` and `user_id` narrow it. */
export const auditLog = contract({
  method: 'GET',
  path: '/admin/audit',
  access: 'staff',
  query: plainBody({
    last_id: lastIdField,
    action: z
      .string({ error: messages.auditActionInvalid })
      .regex(/^[a-z_.]{1,40}$/, messages.auditActionInvalid)
      .optional(),
    user_id: parentIdField(messages.banUserIdInvalid).default(null),
  }),
  response: auditList,
  errors: ['audit_last_id_invalid', 'audit_action_invalid', 'ban_user_id_invalid', 'forbidden'],
});

// ---- entries held for review, the blocklist ----

/**
 * An entry waiting to be published: held for staff as a new account's entry with links ('spam'), or in a moderated
 * community's approval queue ('approval').
 */
const reviewItem = z.object({
  entry_id: int,
  title: z.string(),
  url: z.string(),
  author: personLink,
  subsite: personLink,
  reason: z.enum(['spam', 'approval']),
  date: z.string(),
});
export type ReviewItem = z.output<typeof reviewItem>;
const reviewList = z.object({ items: z.array(reviewItem) });
const entryParams = z.strictObject({ id: idField(messages.entryIdInvalid) });

/** Staff's queues, oldest first: held spam, or every community's entries awaiting approval. */
export const reviewQueue = contract({
  method: 'GET',
  path: '/admin/reviews',
  access: 'staff',
  query: plainBody({
    reason: z.enum(['spam', 'approval'], { error: messages.reviewReasonInvalid }).default('spam'),
  }),
  response: reviewList,
  errors: ['review_reason_invalid', 'queue_forbidden'],
});

/** A moderated community's approval queue, for its managers and staff. */
export const subsiteReviewQueue = contract({
  method: 'GET',
  path: '/subsite/reviews/:id',
  access: 'active',
  params: z.strictObject({ id: idField(messages.banSubsiteInvalid) }),
  response: reviewList,
  errors: ['ban_subsite_invalid', 'subsite_not_found', 'approval_forbidden', 'queue_forbidden'],
});

const decided = z.object({ entry_id: int, is_published: z.boolean() });
const reviewErrors = [
  'entry_id_invalid',
  'ban_reason_too_long',
  'review_not_found',
  'approval_forbidden',
  'queue_forbidden',
] as const;

/**
 * Publishes a waiting entry. A community's managers decide its approval queue too: the policy tells the queues
 * apart.
 */
export const approveReview = contract({
  method: 'POST',
  path: '/admin/reviews/:id/approve',
  access: 'active',
  params: entryParams,
  response: decided,
  errors: reviewErrors,
});

/** Leaves the entry a draft its author may edit and send again; a community's rejection needs a reason. */
export const rejectReview = contract({
  method: 'POST',
  path: '/admin/reviews/:id/reject',
  access: 'active',
  params: entryParams,
  body: plainBody({ reason_text: reasonField.default('') }),
  response: decided,
  errors: [...reviewErrors, 'wrong_type', 'approval_reason_required'],
});

const blockedPerson = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
});
export type BlockedPerson = z.output<typeof blockedPerson>;

/** The people the reader blocklisted (their muted blogs, `/mute/subsite/{id}`), for the settings section. */
export const blocklist = contract({
  method: 'GET',
  path: '/blocklist',
  access: 'user',
  response: z.object({ items: z.array(blockedPerson) }),
});
