import type { CurrentUser, Role } from '../../../shared/api.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { activeSiteBan, insertUser, setRole, userIdByEmail, userRelations, type NewUser } from './queries.ts';
import { isBanned, isStaff } from './policy.ts';
import { settings } from './settings.ts';
import { userHash } from './hash.ts';
import { MANAGER_ROLES, REVIEWER_ROLES, type OwnBan } from '../../../shared/moderation.ts';

export { userHash } from './hash.ts';

/** What presenting a user takes of their row (auth's `UserRow` has it all). */
export interface UserFacts {
  id: number;
  name: string;
  slug: string;
  email: string;
  role: Role;
  isPaid: boolean;
  bannedUntil: Date | null;
  createdAt: Date;
  avatarUrl: string | null;
  avatarColor: string;
  loginMethod?: string;
}

/** The current user object of spec/content.md §3. */
export async function presentCurrentUser(ctx: Ctx, u: UserFacts): Promise<CurrentUser> {
  const [rel, ban, adult] = await Promise.all([
    userRelations(ctx.db, u.id),
    isBanned(u, ctx.now()) ? ownBan(ctx, u.id) : null,
    adultPrefs(ctx, u.id),
  ]);
  const blogUrl = subsiteUrl({ id: u.id, type: 'user', slug: u.slug });
  // Editors and authors of a community write in it but do not manage it: no channel, team, pins or settings.
  const managed = rel.managed.filter((m) => MANAGER_ROLES.includes(m.role));
  return {
    id: u.id,
    name: u.name,
    url: blogUrl,
    avatar_url: u.avatarUrl,
    avatar_color: u.avatarColor,
    hash: userHash(ctx.config.secret, u.id),
    is_known_email: true,
    user_email: u.email,
    createdRFC: u.createdAt.toUTCString(),
    login_method: u.loginMethod ?? 'email',
    stat_group: 0,
    level: 0,
    role: u.role,
    is_paid: u.isPaid,
    is_superuser: u.role === 'superuser',
    is_staff: isStaff(u),
    is_cabinet_exist: false,
    is_user: true,
    is_subsites_tuned: rel.isTuned || rel.subscribedIds.length > 0,
    show_possession: managed.some((m) => m.type !== 'user'),
    managedSubsites: managed.map((m) => ({
      value: m.id,
      label: m.name,
      additionalData: { uri: subsiteUrl(m), messengerHash: userHash(ctx.config.secret, m.id, 'messenger') },
    })),
    reviewed_subsite_ids: rel.managed.filter((m) => REVIEWER_ROLES.includes(m.role)).map((m) => m.id),
    subscribed_ids: rel.subscribedIds,
    ignored_ids: rel.ignoredIds,
    forceReload: false,
    can_mark_nsfw: isStaff(u),
    m_hash: userHash(ctx.config.secret, u.id, 'messenger'),
    ban,
    ...adult,
  };
}

/** A user with their personal blog and its owner role, in one transaction (joined when the caller has one open). */
export function createUser(ctx: Ctx, u: NewUser): Promise<number> {
  return transaction(ctx, async (ctx) => {
    const id = await insertUser(ctx.db, u);
    ctx.events.emit('user.created', { userId: id });
    return id;
  });
}

/** `npm start -- --admin EMAIL`: the operator's way to hand an existing account the keys. */
export async function promoteToSuperuser(ctx: Ctx, email: string) {
  const userId = await userIdByEmail(ctx.db, email);
  if (userId === undefined) {
    ctx.log.warn({ email }, '--admin: no user with this email; register first, then restart with --admin');
    return;
  }
  await setRole(ctx.db, userId, 'superuser');
  ctx.log.info({ email }, '--admin: user is now a superuser');
}

/** What a banned person is told: the site-wide ban that holds, with its reason and end. */
export async function ownBan(ctx: Ctx, userId: number): Promise<OwnBan | null> {
  const b = await activeSiteBan(ctx.db, userId, ctx.now());
  return b ? { until: b.until?.toISOString() ?? null, reason: b.reason } : null;
}

// ---- 18+ (spec/content.md §8) ----

export interface AdultPrefs {
  /** The reader confirmed being 18 or older. */
  is_adult: boolean;
  /** The reader wants 18+ entries blurred even so (default: blurred until confirmed, then shown). */
  is_blur_nsfw: boolean;
}

export async function adultPrefs(ctx: Ctx, userId: number): Promise<AdultPrefs> {
  const stored = await settings.adult.read(ctx.db, userId);
  return { is_adult: stored.is_adult === true, is_blur_nsfw: stored.is_blur_nsfw === true };
}
