import type { SubsiteCard } from '../../../shared/api.ts';
import {
  COMPANIES_PAGE_SIZE,
  DEFAULT_FEED_TYPES,
  NOTIFY_ACTIONS,
  RATING_PAGE_SIZE,
  type CompanyList,
  type DefaultFeedType,
  type InitialData,
  type NotifyAction,
  type RatingKind,
  type RatingList,
  type RatingPeriod,
  type SiteStats,
  type TuneData,
  type TuneMode,
  type TuneResult,
} from '../../../shared/discovery.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { pageFacts, type PageFacts } from '../../../shared/page-facts.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import * as feed from '../feed/service.ts';
import * as subsites from '../subsites/service.ts';
import { settings as userSettings } from '../users/index.ts';
import type { UserRow } from '../auth/index.ts';
import { propagandaOf } from '../../../shared/ads.ts';
import { assertTuneTargets } from './policy.ts';
import * as q from './queries.ts';
import * as hitsQueries from '../hits/index.ts';

/** Company blogs' details, team and cabinet (companies.ts). */
export * from './companies.ts';

const DAY_MS = 86_400_000;
const TUNE_OFFER = 30;
// Rounded up: an entry of the same second as the visit is not new to it.
const nowSeconds = (ctx: Ctx) => Math.ceil(ctx.now().getTime() / 1000);

// ── Feed tuning ─────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /subsites/tune-html {mode}`: the communities to pick from, the most followed first, with the reader's marks. */
export async function tuneOffer(ctx: Ctx, userId: number, mode: TuneMode): Promise<TuneData> {
  return { mode, items: await subsites.communities(ctx, userId, TUNE_OFFER) };
}

/**
 * `POST /subsites/tune {settings: {subsite_id: 0|1}}`: subscribes to the 1s and unsubscribes from the 0s, and marks
 * the feed tuned, all in one transaction (an unknown or personal subsite refuses the whole call). Empty settings
 * ('Пропустить') only mark it.
 */
export async function tune(ctx: Ctx, user: UserRow, settings: Map<number, 0 | 1>): Promise<TuneResult> {
  const userId = user.id;
  const ids = [...settings.keys()];
  return transaction(ctx, async (ctx) => {
    assertTuneTargets(ids, await subsites.cardsByIds(ctx, ids, userId));
    for (const [id, on] of settings) {
      // A private community asks its managers: the tune's 1 is then a request.
      if (on) await subsites.subscribe(ctx, user, id);
      else await subsites.unsubscribe(ctx, userId, id);
    }
    await userSettings.discovery.merge(ctx.db, userId, { subsites_tuned: true });
    const cards = await subsites.communities(ctx, userId, 1000);
    return { is_subsites_tuned: true, subscribed_ids: cards.filter((c) => c.is_subscribed).map((c) => c.id) };
  });
}

// ── Initial data ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `GET /initialData {updateRecentLastSeen, url}`. `lastSeenDate` is the reader's stored time (signed in) or the
 * cookie's (visitors), the first visit counting from now; `updateRecentLastSeen` moves it to now after the count.
 * Answers the data and the time the caller keeps in the cookie.
 */
export async function initialData(
  ctx: Ctx,
  user: Pick<UserRow, 'id' | 'role'> | null,
  input: { update: boolean; url: string; cookieSeen: number | null },
  /** The bell's count: notifications are a delivery module, above this one, so the route hands its reader in. */
  unreadCount: (userId: number) => Promise<number>,
): Promise<{ data: InitialData; seen: number }> {
  const now = nowSeconds(ctx);
  const stored = user ? ((await userSettings.discovery.read(ctx.db, user.id)).recent_last_seen ?? null) : null;
  const lastSeen = Math.min(now, stored ?? input.cookieSeen ?? now);
  const saved = user ? await subsites.defaultSorting(ctx, user.id) : null;
  const facts = pageFacts(input.url, saved);
  const action = pageAction(input.url, user !== null);
  const [recent, unread, subsite] = await Promise.all([
    feed.recentCount(ctx, user, new Date(lastSeen * 1000)),
    user ? unreadCount(user.id) : Promise.resolve(0),
    subsiteCard(ctx, facts.subsiteRef, user?.id ?? null),
  ]);
  // A visitor's time lives in the cookie: only a first visit (no time anywhere) or a recent feed moves it to now.
  const seen = input.update || (stored ?? input.cookieSeen) === null ? now : lastSeen;
  if (user && seen !== stored) await userSettings.discovery.merge(ctx.db, user.id, { recent_last_seen: seen });
  const defaultFeedType: DefaultFeedType =
    saved === 'date' ? DEFAULT_FEED_TYPES.allRecent : DEFAULT_FEED_TYPES.allPopular;
  const data: InitialData = {
    unread_count: unread,
    defaultFeedType,
    lastSeenDate: lastSeen,
    // A first visit counts from now: nothing is new yet.
    recent_count: input.update || (stored ?? input.cookieSeen) === null ? 0 : recent.count,
    layout_options: { ...facts.layout, propaganda: propagandaOf(facts.navigation_name, input.url.split(/[?#]/, 1)[0]) },
    navigation_name: facts.navigation_name,
    sorting_name: facts.sorting_name,
    is_content: facts.is_content,
    subsite,
    ...(action ? { action } : {}),
  };
  return { data, seen };
}

/** The action the page's address asks for (`ACTION_PARAMS`), if any. */
function pageAction(url: string, signedIn: boolean): InitialData['action'] {
  const query = new URLSearchParams(url.split('#', 1)[0].split('?')[1] ?? '');
  if (!signedIn && query.get('authForm') === '1') return { type: 'auth', data: { name: 'login' } };
  const notify = query.get('notify') ?? '';
  if (Object.hasOwn(NOTIFY_ACTIONS, notify)) {
    const name = notify as NotifyAction;
    const text = { signedIn: messages.actionSignedIn }[name];
    return { type: 'notify', data: { type: NOTIFY_ACTIONS[name], text } };
  }
  return undefined;
}

async function subsiteCard(
  ctx: Ctx,
  ref: PageFacts['subsiteRef'],
  viewerId: number | null,
): Promise<SubsiteCard | null> {
  if (!ref) return null;
  const row = 'id' in ref ? await subsites.byId(ctx, ref.id) : await subsites.communityBySlug(ctx, ref.slug);
  return row ? ((await subsites.cardsByIds(ctx, [row.id], viewerId))[0] ?? null) : null;
}

/** `GET /recent/lastSeen`: the stored time (signed in) or the cookie's; 0 when never. */
export async function lastSeen(ctx: Ctx, user: { id: number } | null, cookieSeen: number | null) {
  const stored = user ? ((await userSettings.discovery.read(ctx.db, user.id)).recent_last_seen ?? null) : null;
  return { time: stored ?? cookieSeen ?? 0 };
}

// ── Rating, companies, statistics ───────────────────────────────────────────────────────────────────────────

const PERIOD_DAYS: Record<RatingPeriod, number | null> = { week: 7, month: 30, all: null };

export async function rating(
  ctx: Ctx,
  viewerId: number | null,
  input: { kind: RatingKind; period: RatingPeriod; page: number },
): Promise<RatingList> {
  const days = PERIOD_DAYS[input.period];
  const since = days === null ? null : new Date(ctx.now().getTime() - days * DAY_MS);
  const offset = (input.page - 1) * RATING_PAGE_SIZE;
  const read = input.kind === 'users' ? q.userRating : q.subsiteRating;
  const found = await read(ctx.db, since, offset, RATING_PAGE_SIZE + 1);
  const page = found.slice(0, RATING_PAGE_SIZE);
  const cards = new Map(
    (
      await subsites.cardsByIds(
        ctx,
        page.map((r) => r.id),
        viewerId,
      )
    ).map((c) => [c.id, c]),
  );
  return {
    kind: input.kind,
    period: input.period,
    items: page.flatMap((r, i) => {
      const subsite = cards.get(r.id);
      return subsite ? [{ place: offset + i + 1, subsite, rating: r.rating }] : [];
    }),
    is_finished: found.length <= RATING_PAGE_SIZE,
  };
}

export async function companies(ctx: Ctx, viewerId: number | null, page: number): Promise<CompanyList> {
  const offset = (page - 1) * COMPANIES_PAGE_SIZE;
  const found = await q.companies(ctx.db, offset, COMPANIES_PAGE_SIZE + 1);
  const list = found.slice(0, COMPANIES_PAGE_SIZE);
  const cards = new Map(
    (
      await subsites.cardsByIds(
        ctx,
        list.map((r) => r.id),
        viewerId,
      )
    ).map((c) => [c.id, c]),
  );
  return {
    items: list.flatMap((r) => {
      const subsite = cards.get(r.id);
      if (!subsite) return [];
      const { id: _id, entries_count, ...details } = r;
      return [{ subsite, details, entries_count }];
    }),
    is_finished: found.length <= COMPANIES_PAGE_SIZE,
  };
}

/** `GET /stats {days}`: the last `days` UTC days, today included, oldest first. */
export async function stats(ctx: Ctx, days: number): Promise<SiteStats> {
  const today = Math.floor(ctx.now().getTime() / DAY_MS);
  const from = today - days + 1;
  const [counts, totals] = await Promise.all([q.dailyCounts(ctx.db, from), q.totals(ctx.db)]);
  const series = (list: q.DayRow[]) => {
    const values = new Array<number>(days).fill(0);
    for (const r of list)
      if (r.day >= from && r.day <= today) values[r.day - from] = Math.max(values[r.day - from], r.n);
    return values;
  };
  const t = ui.discovery.stats;
  return {
    days: Array.from({ length: days }, (_, i) => ((from + i) * DAY_MS) / 1000),
    series: [
      { key: 'entries', label: t.entries, values: series(counts.entries) },
      { key: 'comments', label: t.comments, values: series(counts.comments) },
      { key: 'readers', label: t.readers, values: series([...counts.readers, ...counts.live]) },
      { key: 'accounts', label: t.accounts, values: series(counts.accounts) },
    ],
    totals,
  };
}

/** The cluster task `stats.readers`: keeps the readers of the days `hit_marks` still hold. */
export function foldReaders(ctx: Pick<Ctx, 'db' | 'now'>): Promise<number> {
  return hitsQueries.foldReaders(ctx.db, Math.floor(ctx.now().getTime() / DAY_MS) - 2);
}
