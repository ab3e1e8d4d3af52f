import crypto from 'node:crypto';
import type {
  AccountSettings,
  ApiTokenCreated,
  ApiTokenItem,
  FoundUser,
  PostingRule,
  SessionItem,
  SubsiteSettings,
} from '../../../shared/accounts.ts';
import { TOKENS_ACTIVE_MAX, TOKEN_RATE_PER_MINUTE } from '../../../shared/accounts.ts';
import { messages } from '../../../shared/catalogue.ts';
import { formatDate } from '../../../shared/format.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, expected, notFound, badRequestOf } from '../../lib/errors.ts';
import { attempts } from '../../lib/attempts.ts';
import { endSessions, type UserRow } from '../auth/index.ts';
import { announceSigninMethod, hashPassword } from '../auth/service.ts';
import { recordAction } from '../moderation/service.ts';
import {
  assertCanChangePrivacy,
  assertCanChangeSettings,
  assertCanSetMember,
  assertTokenAllows,
  nextNameChange,
  settingsRole,
} from './policy.ts';
import { dropJoinRequests, roleOf } from '../subsites/service.ts';
import * as q from './queries.ts';
import { checkPassword, deletionState, listExports } from './lifecycle.ts';

const TOKEN_PREFIX = 'sreda_';

// ── API tokens ──────────────────────────────────────────────────────────────────────────────────────────────

function present(t: q.ApiTokenRow, now: Date): ApiTokenItem {
  const status = t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= now ? 'expired' : 'active';
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scope: t.scope,
    status,
    is_active: status === 'active',
    created: t.createdAt.toISOString(),
    valid_until: t.expiresAt?.toISOString() ?? null,
    last_used: t.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listTokens(ctx: Ctx, user: UserRow): Promise<{ items: ApiTokenItem[] }> {
  const now = ctx.now();
  return { items: (await q.tokensOf(ctx.db, user.id)).map((t) => present(t, now)) };
}

/** A new token: 32 random bytes, shown once; only its SHA-256 is stored. */
export async function createToken(
  ctx: Ctx,
  user: UserRow,
  input: { name: string; scope: 'read' | 'write'; days: number },
): Promise<ApiTokenCreated> {
  const now = ctx.now();
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const row = await transaction(ctx, async (ctx) => {
    if ((await q.activeTokenCount(ctx.db, user.id, now)) >= TOKENS_ACTIVE_MAX)
      throw badRequestOf('tokenTooMany', TOKENS_ACTIVE_MAX);
    return q.insertToken(ctx.db, {
      userId: user.id,
      name: input.name,
      scope: input.scope,
      tokenHash: sha256(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      expiresAt: input.days > 0 ? new Date(now.getTime() + input.days * 86400_000) : null,
      createdAt: now,
    });
  });
  return { token, item: present(row, now) };
}

export async function revokeToken(ctx: Ctx, user: UserRow, id: number) {
  const row = await q.tokenOf(ctx.db, user.id, id);
  if (!row) throw notFound(messages.tokenNotFound);
  await q.revokeToken(ctx.db, user.id, id, ctx.now());
  return { item: present(expected(await q.tokenOf(ctx.db, user.id, id), 'the token just revoked'), ctx.now()) };
}

/**
 * `X-Device-Token`: the person the token belongs to, or rc 401 for an unknown, revoked or expired token (never a
 * silent anonymous request). Refuses a read token's writes (unsafe methods, unless the route declares it only reads) and counts the token's requests per minute.
 */
export async function userByApiToken(
  ctx: Ctx,
  token: string,
  method: string,
  routeOnlyReads = false,
): Promise<{ user: UserRow; tokenId: number }> {
  if (token.length < 20 || token.length > 100) throw new ApiError(401, messages.tokenInvalid);
  const now = ctx.now();
  const row = await q.findUserByToken(ctx.db, sha256(token), now);
  if (!row) throw new ApiError(401, messages.tokenInvalid);
  assertTokenAllows(row.scope, method, routeOnlyReads);
  const perMinute = attempts(ctx, 'api-token', 60_000);
  const key = String(row.tokenId);
  if ((await perMinute.failures(key)) >= Math.max(1, Math.round(TOKEN_RATE_PER_MINUTE * ctx.config.rateLimitScale)))
    throw new ApiError(429, messages.tokenRateLimited);
  await perMinute.fail(key);
  // The last use is kept to the minute: one write a minute per token at most.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000)
    await q.touchToken(ctx.db, row.tokenId, now);
  const { tokenId, scope: _scope, lastUsedAt: _last, ...user } = row;
  return { user, tokenId };
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function settingsOf(ctx: Ctx, user: UserRow, viaToken = false): Promise<AccountSettings> {
  const p = await q.profileOf(ctx.db, user.id);
  if (!p) throw notFound();
  const next = nextNameChange(await q.lastNameChange(ctx.db, user.id), ctx.now());
  return {
    id: p.id,
    name: p.name,
    url: subsiteUrl({ id: p.id, type: 'user', slug: p.slug }),
    slug: p.slug,
    description: p.description,
    email: p.email,
    avatar_url: p.avatarUrl,
    avatar_color: p.avatarColor,
    cover_url: p.coverUrl,
    name_change_at: next?.toISOString() ?? null,
    via_token: viaToken,
    has_password: p.passwordHash !== '',
    deletion: await deletionState(ctx, user.id),
    exports: await listExports(ctx, user.id),
  };
}

/** `POST /users/settings/name`: once a month; the change is recorded so the rule holds across nodes. */
export async function changeName(ctx: Ctx, user: UserRow, name: string) {
  await transaction(ctx, async (ctx) => {
    const p = await q.profileOf(ctx.db, user.id);
    if (!p) throw notFound();
    if (p.name === name) throw badRequest(messages.nameSame, { errors: { name: messages.nameSame } });
    const next = nextNameChange(await q.lastNameChange(ctx.db, user.id), ctx.now());
    if (next) {
      const rm = messages.nameChangeNextAt(formatDate(next, ctx.now()));
      throw badRequest(rm, { errors: { name: rm }, next: next.toISOString() });
    }
    await q.setName(ctx.db, user.id, p.name, name, ctx.now());
  });
  return settingsOf(ctx, user);
}

export async function saveProfile(
  ctx: Ctx,
  user: UserRow,
  input: { description?: string; slug?: string; avatar_url?: string | null; cover_url?: string | null },
) {
  await userWrites.updateSubsite(ctx.db, user.id, {
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.avatar_url !== undefined ? { avatarUrl: input.avatar_url } : {}),
    ...(input.cover_url !== undefined ? { coverUrl: input.cover_url } : {}),
  });
  return settingsOf(ctx, user);
}

/** A new password ends every other session; the one making the change stays signed in. */
export async function changePassword(
  ctx: Ctx,
  user: UserRow,
  cookieToken: string | undefined,
  input: { current?: string; password: string },
) {
  const before = await checkPassword(ctx, user, input.current, 'current');
  const hash = await hashPassword(input.password);
  const ended = await transaction(ctx, async (ctx) => {
    await userWrites.setPasswordHash(ctx.db, user.id, hash);
    // A first password is a new way in (an account made through a provider had none).
    if (!before.passwordHash) await announceSigninMethod(ctx, user.id, messages.methodPassword);
    return endSessions(ctx.db, user.id, cookieToken ? sha256(cookieToken) : null);
  });
  return { ended };
}

// ── Sessions ─────────────────────────────────────────────────────────────────────────────────────────────────

export async function listSessions(ctx: Ctx, user: UserRow, cookieToken: string | undefined) {
  const current = cookieToken ? sha256(cookieToken) : '';
  const rows = await q.sessionsOf(ctx.db, user.id, ctx.now());
  const items: SessionItem[] = rows.map((s) => ({
    // The table's key is a hash of the cookie; its first characters name the row without revealing it.
    id: s.tokenHash.slice(0, 12),
    created: s.createdAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    is_current: s.tokenHash === current,
  }));
  return { items };
}

export async function endOtherSessions(ctx: Ctx, user: UserRow, cookieToken: string | undefined) {
  return { ended: await endSessions(ctx.db, user.id, cookieToken ? sha256(cookieToken) : null) };
}

// ── Subsite settings ─────────────────────────────────────────────────────────────────────────────────────────

async function managed(ctx: Ctx, user: UserRow, id: number) {
  const s = await q.subsiteById(ctx.db, id);
  if (!s) throw notFound(messages.subsiteNotFound);
  const own = await roleOf(ctx, { userId: user.id, subsiteId: id });
  return { s, role: settingsRole(user, own, s.type), own };
}

export async function subsiteSettings(ctx: Ctx, user: UserRow, id: number): Promise<SubsiteSettings> {
  const { s, role } = await managed(ctx, user, id);
  const [rules, members] = await Promise.all([q.rulesOf(ctx.db, id), q.membersOf(ctx.db, id)]);
  return {
    id: s.id,
    type: s.type,
    name: s.name,
    url: subsiteUrl(s),
    slug: s.slug,
    description: s.description,
    rules,
    avatar_url: s.avatarUrl,
    avatar_color: s.avatarColor,
    cover_url: s.coverUrl,
    posting: s.posting,
    is_moderated: s.isModerated,
    is_private: s.isPrivate,
    plus_join: s.plusJoin,
    my_role: role,
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      url: subsiteUrl({ id: m.id, type: 'user', slug: m.slug }),
      avatar_url: m.avatarUrl,
      avatar_color: m.avatarColor,
      role: m.role,
    })),
  };
}

/** The subsite settings page by the subsite's own address (`/s/{slug}/settings`, `/u/{id}-…/settings`). */
export async function subsiteSettingsByPath(ctx: Ctx, user: UserRow, path: { slug?: string; userId?: number }) {
  const s = path.slug
    ? await q.subsiteBySlug(ctx.db, path.slug)
    : path.userId
      ? await q.subsiteById(ctx.db, path.userId)
      : undefined;
  if (!s) throw notFound(messages.subsiteNotFound);
  return subsiteSettings(ctx, user, s.id);
}

export async function saveSubsiteSettings(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: {
    name?: string;
    description?: string;
    rules?: string;
    avatar_url?: string | null;
    cover_url?: string | null;
    posting?: PostingRule;
    is_moderated?: boolean;
    is_private?: boolean;
    plus_join?: boolean;
  },
) {
  await transaction(ctx, async (ctx) => {
    const { s, role, own } = await managed(ctx, user, id);
    const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
    assertCanChangeSettings(role, fields);
    assertCanChangePrivacy(s.type, input);
    // Site staff acting in a community that is not theirs answer for it in the audit log.
    if (own !== 'owner' && own !== 'admin')
      await recordAction(ctx, {
        actorId: user.id,
        action: 'subsite.settings',
        targetType: 'subsite',
        targetId: id,
        data: Object.fromEntries(fields.map((f) => [f, input[f as keyof typeof input]])),
      });
    // A person's blog carries their name: it changes through the monthly name rule, not here.
    const name = s.type === 'user' ? undefined : input.name;
    await userWrites.updateSubsite(ctx.db, id, {
      ...(name !== undefined ? { name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.avatar_url !== undefined ? { avatarUrl: input.avatar_url } : {}),
      ...(input.cover_url !== undefined ? { coverUrl: input.cover_url } : {}),
      // A person's blog is theirs alone: no posting rule, no approval queue.
      ...(input.posting !== undefined && s.type !== 'user' ? { posting: input.posting } : {}),
      ...(input.is_moderated !== undefined && s.type !== 'user' ? { isModerated: input.is_moderated } : {}),
      ...(input.is_private !== undefined ? { isPrivate: input.is_private } : {}),
      ...(input.plus_join !== undefined ? { plusJoin: input.plus_join } : {}),
    });
    // Open to all again: nobody waits at the door any more.
    if (input.is_private === false && s.isPrivate) await dropJoinRequests(ctx, id);
    if (input.rules !== undefined) await q.setRules(ctx.db, id, input.rules, ctx.now());
  });
  return subsiteSettings(ctx, user, id);
}

/** `/search/user {url}`: a profile link of this site (`…/u/123-name`, `/u/123`) → the person. */
export async function findUserByLink(ctx: Ctx, url: string): Promise<FoundUser> {
  let path = url.trim();
  try {
    const u = new URL(path, ctx.config.publicUrl);
    if (u.origin !== new URL(ctx.config.publicUrl).origin) throw badRequest(messages.userLinkInvalid);
    path = u.pathname;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest(messages.userLinkInvalid);
  }
  const m = /^\/u\/(\d{1,10})(?:-[^/]*)?\/?$/.exec(path);
  const id = m ? Number(m[1]) : 0;
  if (!id || id > 2 ** 31 - 1) throw badRequest(messages.userLinkInvalid);
  const u = await q.userCard(ctx.db, id);
  if (!u) throw badRequest(messages.userLinkNotFound);
  return { id: u.id, url: subsiteUrl(u), name: u.name };
}

export async function setMember(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: { user_id: number; role: 'admin' | 'moderator' | 'editor' | 'author' | null },
) {
  await transaction(ctx, async (ctx) => {
    const { s, role } = await managed(ctx, user, id);
    if (s.type === 'user') throw badRequest(messages.badRequest);
    if (!(await q.userCard(ctx.db, input.user_id))) throw badRequest(messages.userLinkNotFound);
    const target = await roleOf(ctx, { userId: input.user_id, subsiteId: id });
    assertCanSetMember(role, target, input.role);
    if (input.role) await userWrites.setMember(ctx.db, id, input.user_id, input.role);
    else await userWrites.removeMember(ctx.db, id, input.user_id);
    // The team reads a private community: what nodes keep of the person's feeds is renewed.
    await userWrites.bumpWriteSeq(ctx.db, input.user_id);
  });
  return subsiteSettings(ctx, user, id);
}

export const COMMUNITIES_PER_USER = 10;

export async function createCommunity(
  ctx: Ctx,
  user: UserRow,
  input: { name: string; slug: string; description: string },
) {
  const id = await transaction(ctx, async (ctx) => {
    if ((await q.ownedCommunities(ctx.db, user.id)) >= COMMUNITIES_PER_USER)
      throw badRequestOf('communityTooMany', COMMUNITIES_PER_USER);
    if (await q.subsiteBySlug(ctx.db, input.slug))
      throw badRequest(messages.slugTaken, { errors: { slug: messages.slugTaken } });
    return userWrites.insertCommunity(ctx.db, { ...input, ownerId: user.id });
  }).catch((err: { code?: string; cause?: { code?: string } }) => {
    // Two requests for one address at once: the unique index decides, the second is told the address is taken.
    if (err?.code === '23505' || err?.cause?.code === '23505')
      throw badRequest(messages.slugTaken, { errors: { slug: messages.slugTaken } });
    throw err;
  });
  return { id, url: subsiteUrl({ id, type: 'community', slug: input.slug }) };
}

export {
  cancelDeletion,
  confirmEmailChange,
  deletionState,
  exportFile,
  listExports,
  requestDeletion,
  requestEmailChange,
  requestExport,
  runDeletion,
  runExport,
} from './lifecycle.ts';
import { userWrites } from '../users/index.ts';
import { sha256 } from '../../lib/hash.ts';
