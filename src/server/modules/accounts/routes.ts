import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  POSTING_RULES,
  RULES_MAX,
  SLUG_RE,
  SUBSITE_NAME_MAX,
  SUBSITE_NAME_MIN,
  TOKEN_DAYS_MAX,
  TOKEN_NAME_MAX,
} from '../../../shared/accounts.ts';
import { messages } from '../../../shared/catalogue.ts';
import {
  collapse,
  emailField,
  flagField,
  idField,
  intField,
  nameField,
  passwordField,
  plainBody,
  withoutControlChars,
} from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import * as accounts from './service.ts';

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? required : messages.wrongType) })
    .max(max * 4, tooLong)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLong));

const tokenBody = plainBody({
  name: z
    .string({ error: messages.tokenNameRequired })
    .transform(collapse)
    .pipe(z.string().min(1, messages.tokenNameRequired).max(TOKEN_NAME_MAX, messages.tokenNameTooLong(TOKEN_NAME_MAX))),
  scope: z.enum(['read', 'write'], { error: messages.tokenScopeInvalid }),
  days: intField(messages.tokenDaysInvalid(TOKEN_DAYS_MAX), 0, TOKEN_DAYS_MAX),
});

/** A picture uploaded here: `/media/{uuid}/` with optional filters, or '' to remove it. */
const mediaUrlField = withoutControlChars(z.string({ error: messages.imageUrlInvalid }))
  .refine((s) => s === '' || /^\/media\/[0-9a-f-]{36}\/(?:-\/[a-z_]+\/[0-9a-z_x]+\/)*$/.test(s), {
    message: messages.imageUrlInvalid,
  })
  .transform((s) => (s === '' ? null : s));

const slugField = withoutControlChars(z.string({ error: messages.slugInvalid }))
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(SLUG_RE, messages.slugInvalid));

const descriptionField = text(messages.wrongType, DESCRIPTION_MAX, messages.descriptionTooLong(DESCRIPTION_MAX));

const idParams = z.object({ id: idField(messages.subsiteNotFound) });
const tokenParams = z.object({ id: idField(messages.tokenIdInvalid) });

const subsiteNameField = z
  .string({ error: messages.subsiteNameInvalid })
  .transform(collapse)
  .pipe(
    z.string().min(SUBSITE_NAME_MIN, messages.subsiteNameInvalid).max(SUBSITE_NAME_MAX, messages.subsiteNameInvalid),
  );

/** Absent for an account without a password (made through a provider): a fresh sign-in proves it instead. */
const currentPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(200, messages.currentPasswordWrong)
  .optional();

/** Account settings, API tokens, subsite settings (issue 15, items 5, 7–8). */
export const accountsRoutes = [
  // API tokens (spec/foundation.md §1–2: the 'get API token' modal)
  route.get('/tokens', {
    access: 'user',
    rateLimit: READS,
    session: 'browser',
    handler: ({ ctx, user }) => accounts.listTokens(ctx, user),
  }),
  route.post('/tokens/create', {
    access: 'active',
    session: 'browser',
    rateLimit: [10, 3600],
    body: tokenBody,
    message: messages.tokenCreated,
    handler: ({ ctx, user, body }) => accounts.createToken(ctx, user, body),
  }),
  route.post('/tokens/revoke/:id', {
    access: 'user',
    session: 'browser',
    rateLimit: [30, 60],
    params: tokenParams,
    message: messages.tokenRevoked,
    handler: ({ ctx, user, params }) => accounts.revokeToken(ctx, user, params.id),
  }),

  // Profile (spec/content.md §2 `/u/me/settings`)
  route.get('/users/settings', {
    access: 'user',
    rateLimit: READS,
    handler: ({ ctx, user, req }) => accounts.settingsOf(ctx, user, req.viaToken),
  }),
  route.post('/users/settings/name', {
    access: 'active',
    rateLimit: [10, 3600],
    body: plainBody({ name: nameField }),
    message: messages.nameChanged,
    handler: ({ ctx, user, body }) => accounts.changeName(ctx, user, body.name),
  }),
  route.post('/users/settings/profile', {
    access: 'active',
    rateLimit: [30, 3600],
    body: plainBody({
      description: descriptionField.optional(),
      slug: slugField.optional(),
      avatar_url: mediaUrlField.optional(),
      cover_url: mediaUrlField.optional(),
    }),
    message: messages.profileSaved,
    handler: ({ ctx, user, body }) => accounts.saveProfile(ctx, user, body),
  }),
  route.post('/users/settings/password', {
    access: 'active',
    session: 'browser',
    rateLimit: [10, 3600],
    body: plainBody({
      current: currentPasswordField,
      password: passwordField,
    }),
    message: messages.passwordSaved,
    handler: ({ ctx, user, req, body }) => accounts.changePassword(ctx, user, req.cookies[SESSION_COOKIE], body),
  }),
  route.get('/users/settings/sessions', {
    access: 'user',
    rateLimit: READS,
    session: 'browser',
    handler: ({ ctx, user, req }) => accounts.listSessions(ctx, user, req.cookies[SESSION_COOKIE]),
  }),
  route.post('/users/settings/sessions/end_others', {
    access: 'user',
    session: 'browser',
    rateLimit: [10, 60],
    message: (r: { ended: number }) => messages.sessionsEnded(r.ended),
    handler: ({ ctx, user, req }) => accounts.endOtherSessions(ctx, user, req.cookies[SESSION_COOKIE]),
  }),

  route.post('/users/settings/email', {
    access: 'active',
    session: 'browser',
    rateLimit: [5, 3600],
    body: plainBody({ email: emailField, password: currentPasswordField }),
    message: (r: { email: string }) => messages.emailChangeSent(r.email),
    handler: ({ ctx, user, body }) => accounts.requestEmailChange(ctx, user, body),
  }),
  route.post('/users/settings/email/confirm', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [20, 900],
    body: plainBody({
      token: z
        .string({ error: messages.emailChangeInvalid })
        .regex(/^[A-Za-z0-9_-]{20,100}$/, messages.emailChangeInvalid),
    }),
    message: messages.emailChanged,
    handler: ({ ctx, body }) => accounts.confirmEmailChange(ctx, body.token),
  }),
  route.post('/users/settings/delete', {
    access: 'user',
    session: 'browser',
    rateLimit: [5, 3600],
    body: plainBody({
      password: currentPasswordField,
      // What becomes of entries and comments (`mode` is the envelope's own field).
      content: z.enum(['anonymize', 'remove'], { error: messages.deletionModeInvalid }),
    }),
    message: (r: { message: string }) => r.message,
    handler: ({ ctx, user, body }) =>
      accounts.requestDeletion(ctx, user, { password: body.password, mode: body.content }),
  }),
  route.post('/users/settings/delete/cancel', {
    access: 'user',
    session: 'browser',
    rateLimit: [10, 3600],
    message: messages.deletionCancelled,
    handler: ({ ctx, user }) => accounts.cancelDeletion(ctx, user),
  }),
  route.post('/users/settings/export', {
    access: 'user',
    session: 'browser',
    rateLimit: [5, 3600],
    message: messages.exportQueued,
    handler: ({ ctx, user }) => accounts.requestExport(ctx, user),
  }),
  route.get('/users/settings/export/:id', {
    access: 'user',
    rateLimit: READS,
    session: 'browser',
    params: z.object({ id: idField(messages.exportIdInvalid) }),
    raw: true,
    handler: async ({ ctx, user, reply, params }) => {
      const file = await accounts.exportFile(ctx, user, params.id);
      reply.header('content-disposition', `attachment; filename="sreda-${user.id}-${params.id}.tar.gz"`);
      reply.header('cache-control', 'private, no-store');
      reply.type('application/gzip');
      return file;
    },
  }),

  // Subsite settings (spec/content.md §2 `{subsite_url}/settings`, §5, §7)
  route.get('/subsite/settings/:id', {
    access: 'user',
    rateLimit: READS,
    params: idParams,
    handler: ({ ctx, user, params }) => accounts.subsiteSettings(ctx, user, params.id),
  }),
  route.post('/subsite/save_settings/:id', {
    access: 'active',
    rateLimit: [30, 60],
    params: idParams,
    body: plainBody({
      name: subsiteNameField.optional(),
      description: descriptionField.optional(),
      rules: text(messages.wrongType, RULES_MAX, messages.rulesTooLong(RULES_MAX)).optional(),
      avatar_url: mediaUrlField.optional(),
      cover_url: mediaUrlField.optional(),
      posting: z.enum(POSTING_RULES, { error: messages.postingRuleInvalid }).optional(),
      is_moderated: flagField(messages.wrongType).optional(),
    }),
    message: messages.subsiteSettingsSaved,
    handler: ({ ctx, user, params, body }) => accounts.saveSubsiteSettings(ctx, user, params.id, body),
  }),
  route.post('/subsite/members/:id', {
    access: 'active',
    rateLimit: [60, 60],
    params: idParams,
    body: plainBody({
      user_id: idField(messages.userLinkInvalid),
      // '' or absent removes the person from the team.
      role: z
        .enum(['admin', 'moderator', 'editor', 'author', ''], { error: messages.memberRoleInvalid })
        .optional()
        .transform((r) => r || null),
    }),
    message: messages.subsiteSettingsSaved,
    handler: ({ ctx, user, params, body }) => accounts.setMember(ctx, user, params.id, body),
  }),
  route.post('/search/user', {
    access: 'active',
    readOnly: true,
    rateLimit: [60, 60],
    body: plainBody({
      url: withoutControlChars(z.string({ error: messages.userLinkInvalid })).pipe(
        z.string().min(1, messages.userLinkInvalid).max(500, messages.userLinkInvalid),
      ),
    }),
    handler: ({ ctx, body }) => accounts.findUserByLink(ctx, body.url),
  }),
  route.post('/subsite/create', {
    access: 'active',
    rateLimit: [5, 3600],
    body: plainBody({ name: subsiteNameField, slug: slugField, description: descriptionField.optional() }),
    message: messages.communityCreated,
    handler: ({ ctx, user, body }) =>
      accounts.createCommunity(ctx, user, { name: body.name, slug: body.slug, description: body.description ?? '' }),
  }),
];
