import { z } from 'zod';
import { POSTING_RULES, RULES_MAX, SUBSITE_NAME_MAX, SUBSITE_NAME_MIN } from '../accounts.ts';
import { messages } from '../catalogue.ts';
import { collapse, flagField, idField, plainBody, withoutControlChars } from '../validation.ts';
import { descriptionField, mediaUrlField, slugField, text } from './accounts.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Subsite settings, the team, finding a person by link and creating a community (accounts module, issue 15, item 8). */

const subsiteNameField = z
  .string({ error: messages.subsiteNameInvalid })
  .transform(collapse)
  .pipe(
    z.string().min(SUBSITE_NAME_MIN, messages.subsiteNameInvalid).max(SUBSITE_NAME_MAX, messages.subsiteNameInvalid),
  );

// ── Subsite settings (spec/content.md §2 `{subsite_url}/settings`, §5, §7) ────────────────────────────────────

const subsiteParams = z.object({ id: idField(messages.subsiteNotFound) });
const teamRole = z.enum(['owner', 'admin', 'moderator', 'editor', 'author']);

const subsiteSettings = z.object({
  id: z.number().int(),
  type: z.enum(['user', 'community', 'company']),
  name: z.string(),
  url: z.string(),
  slug: z.string(),
  description: z.string(),
  rules: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  cover_url: z.string().nullable(),
  posting: z.enum(POSTING_RULES),
  /** Entries of people outside the community's managers wait for their approval. */
  is_moderated: z.boolean(),
  /** A private community: its entries reach its members alone (issue 32, point 4). */
  is_private: z.boolean(),
  /** A private community lets Plus readers join without a request. */
  plus_join: z.boolean(),
  /** 'site_moderator': the site's moderator, who changes only who may post and the approval flag. */
  my_role: z.enum(['owner', 'admin', 'site_moderator']),
  members: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      avatar_url: z.string().nullable(),
      avatar_color: z.string(),
      role: teamRole,
    }),
  ),
});
export type SubsiteSettings = z.output<typeof subsiteSettings>;
export type SubsiteMember = SubsiteSettings['members'][number];

/** Who may open the settings, and as what: accounts/policy.ts `settingsRole`. */
const settingsErrors = ['subsite_not_found', 'subsite_settings_forbidden'] as const;

export const subsiteSettingsOf = contract({
  method: 'GET',
  path: '/subsite/settings/:id',
  access: 'user',
  params: subsiteParams,
  response: subsiteSettings,
  errors: [...settingsErrors],
});

/**
 * Each field optional; a person's blog keeps its name, posting rule and approval flag; only a community is made
 * private (its creator and admins, the site's admins). The answer is the settings.
 */
export const saveSubsiteSettings = contract({
  method: 'POST',
  path: '/subsite/save_settings/:id',
  access: 'active',
  params: subsiteParams,
  body: plainBody({
    name: subsiteNameField.optional(),
    description: descriptionField.optional(),
    rules: text(messages.wrongType, RULES_MAX, messages.rulesTooLong(RULES_MAX)).optional(),
    avatar_url: mediaUrlField.optional(),
    cover_url: mediaUrlField.optional(),
    posting: z.enum(POSTING_RULES, { error: messages.postingRuleInvalid }).optional(),
    is_moderated: flagField(messages.wrongType).optional(),
    is_private: flagField(messages.wrongType).optional(),
    plus_join: flagField(messages.wrongType).optional(),
  }),
  response: subsiteSettings,
  errors: [
    ...settingsErrors,
    'subsite_settings_moderation_only',
    'private_only_community',
    'subsite_name_invalid',
    'description_too_long',
    'rules_too_long',
    'image_url_invalid',
    'posting_rule_invalid',
  ],
});

/** Sets a person's role in the team; '' or absent removes them from it. The answer is the settings. */
export const setMember = contract({
  method: 'POST',
  path: '/subsite/members/:id',
  access: 'active',
  params: subsiteParams,
  body: plainBody({
    user_id: idField(messages.userLinkInvalid),
    role: z
      .enum(['admin', 'moderator', 'editor', 'author', ''], { error: messages.memberRoleInvalid })
      .optional()
      .transform((r) => r || null),
  }),
  response: subsiteSettings,
  errors: [...settingsErrors, 'member_role_invalid', 'user_link_not_found', 'cannot_change_owner', 'forbidden'],
});

/** A profile link of this site (`…/u/123-name`, `/u/123`) → the person. */
export const findUser = contract({
  method: 'POST',
  path: '/search/user',
  access: 'active',
  body: plainBody({
    url: withoutControlChars(z.string({ error: messages.userLinkInvalid })).pipe(
      z.string().min(1, messages.userLinkInvalid).max(500, messages.userLinkInvalid),
    ),
  }),
  response: z.object({ id: z.number().int(), url: z.string(), name: z.string() }),
  errors: ['user_link_invalid', 'user_link_not_found'],
});
export type FoundUser = ContractOutput<typeof findUser>;

/** A new community owned by the caller; the answer is its id and address. */
export const createCommunity = contract({
  method: 'POST',
  path: '/subsite/create',
  access: 'active',
  body: plainBody({ name: subsiteNameField, slug: slugField, description: descriptionField.optional() }),
  response: z.object({ id: z.number().int(), url: z.string() }),
  errors: ['subsite_name_invalid', 'slug_invalid', 'description_too_long', 'slug_taken', 'community_too_many'],
});
