import * as contracts from '../../../shared/api/accounts.ts';
import * as subsiteContracts from '../../../shared/api/accounts-subsites.ts';
import { messages } from '../../../shared/catalogue.ts';
import { READS, route } from '../../http/route.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import * as accounts from './service.ts';

/** Account settings, API tokens, subsite settings (issue 15, items 5, 7–8). */
export const accountsRoutes = [
  // API tokens (spec/foundation.md §1–2: the 'get API token' modal)
  route.implement(contracts.tokens, {
    rateLimit: READS,
    session: 'browser',
    handler: ({ ctx, user }) => accounts.listTokens(ctx, user),
  }),
  route.implement(contracts.createToken, {
    session: 'browser',
    rateLimit: [10, 3600],
    message: messages.tokenCreated,
    handler: ({ ctx, user, body }) => accounts.createToken(ctx, user, body),
  }),
  route.implement(contracts.revokeToken, {
    session: 'browser',
    rateLimit: [30, 60],
    message: messages.tokenRevoked,
    handler: ({ ctx, user, params }) => accounts.revokeToken(ctx, user, params.id),
  }),

  // Profile (spec/content.md §2 `/u/me/settings`)
  route.implement(contracts.settings, {
    rateLimit: READS,
    handler: ({ ctx, user, req }) => accounts.settingsOf(ctx, user, req.viaToken),
  }),
  route.implement(contracts.changeName, {
    rateLimit: [10, 3600],
    message: messages.nameChanged,
    handler: ({ ctx, user, body }) => accounts.changeName(ctx, user, body.name),
  }),
  route.implement(contracts.saveProfile, {
    rateLimit: [30, 3600],
    message: messages.profileSaved,
    handler: ({ ctx, user, body }) => accounts.saveProfile(ctx, user, body),
  }),
  route.implement(contracts.changePassword, {
    session: 'browser',
    rateLimit: [10, 3600],
    message: messages.passwordSaved,
    handler: ({ ctx, user, req, body }) => accounts.changePassword(ctx, user, req.cookies[SESSION_COOKIE], body),
  }),
  route.implement(contracts.sessions, {
    rateLimit: READS,
    session: 'browser',
    handler: ({ ctx, user, req }) => accounts.listSessions(ctx, user, req.cookies[SESSION_COOKIE]),
  }),
  route.implement(contracts.endOtherSessions, {
    session: 'browser',
    rateLimit: [10, 60],
    message: (r) => messages.sessionsEnded(r.ended),
    handler: ({ ctx, user, req }) => accounts.endOtherSessions(ctx, user, req.cookies[SESSION_COOKIE]),
  }),

  route.implement(contracts.changeEmail, {
    session: 'browser',
    rateLimit: [5, 3600],
    message: (r) => messages.emailChangeSent(r.email),
    handler: ({ ctx, user, body }) => accounts.requestEmailChange(ctx, user, body),
  }),
  route.implement(contracts.confirmEmail, {
    session: 'browser',
    rateLimit: [20, 900],
    message: messages.emailChanged,
    handler: ({ ctx, body }) => accounts.confirmEmailChange(ctx, body.token),
  }),
  route.implement(contracts.requestDeletion, {
    session: 'browser',
    rateLimit: [5, 3600],
    message: (r) => r.message,
    handler: ({ ctx, user, body }) =>
      accounts.requestDeletion(ctx, user, { password: body.password, mode: body.content }),
  }),
  route.implement(contracts.cancelDeletion, {
    session: 'browser',
    rateLimit: [10, 3600],
    message: messages.deletionCancelled,
    handler: ({ ctx, user }) => accounts.cancelDeletion(ctx, user),
  }),
  route.implement(contracts.requestExport, {
    session: 'browser',
    rateLimit: [5, 3600],
    message: messages.exportQueued,
    handler: ({ ctx, user }) => accounts.requestExport(ctx, user),
  }),
  route.implement(contracts.exportFile, {
    rateLimit: READS,
    session: 'browser',
    handler: async ({ ctx, user, reply, params }) => {
      const file = await accounts.exportFile(ctx, user, params.id);
      reply.header('content-disposition', `attachment; filename="sreda-${user.id}-${params.id}.tar.gz"`);
      reply.header('cache-control', 'private, no-store');
      reply.type('application/gzip');
      return file;
    },
  }),

  // Subsite settings (spec/content.md §2 `{subsite_url}/settings`, §5, §7)
  route.implement(subsiteContracts.subsiteSettingsOf, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => accounts.subsiteSettings(ctx, user, params.id),
  }),
  route.implement(subsiteContracts.saveSubsiteSettings, {
    rateLimit: [30, 60],
    message: messages.subsiteSettingsSaved,
    handler: ({ ctx, user, params, body }) => accounts.saveSubsiteSettings(ctx, user, params.id, body),
  }),
  route.implement(subsiteContracts.setMember, {
    rateLimit: [60, 60],
    message: messages.subsiteSettingsSaved,
    handler: ({ ctx, user, params, body }) => accounts.setMember(ctx, user, params.id, body),
  }),
  route.implement(subsiteContracts.findUser, {
    readOnly: true,
    rateLimit: [60, 60],
    handler: ({ ctx, body }) => accounts.findUserByLink(ctx, body.url),
  }),
  route.implement(subsiteContracts.createCommunity, {
    rateLimit: [5, 3600],
    message: messages.communityCreated,
    handler: ({ ctx, user, body }) =>
      accounts.createCommunity(ctx, user, { name: body.name, slug: body.slug, description: body.description ?? '' }),
  }),
];
