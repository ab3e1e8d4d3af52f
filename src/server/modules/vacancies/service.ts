import type {
  TownData,
  VacanciesPageData,
  VacancyCardData,
  VacancyData,
  VacancyFilters,
  VacancyInput,
} from '../../../shared/api/vacancies.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { vacanciesUi } from '../../../shared/catalogue/vacancies.ts';
import { placeText, salaryText } from '../../../shared/vacancy-format.ts';
import { formatDay } from '../../../shared/format.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import {
  VACANCIES_PAGE_SIZE,
  VACANCY_LIFETIME_DAYS,
  VACANCY_WARN_DAYS,
  WIDGET_STEP,
} from '../../../shared/vacancies.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { queueLetter } from '../../jobs/letters.ts';
import { enqueue } from '../../jobs/queue.ts';
import { boardActions } from '../../lib/board.ts';
import { perAppCache } from '../../lib/cache.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { findTowns, townById, type Town } from '../../lib/towns.ts';
import { widgetPage } from '../../lib/widget-page.ts';
import type { UserRow } from '../auth/index.ts';
import { settings } from '../users/index.ts';
import { sanitizeBlocks } from '../entries/index.ts';
import { descriptionText } from '../../../shared/vacancy-blocks.ts';
import { managesSubsite } from '../subsites/service.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;

const townData = (t: Town): TownData => ({ id: t.id, name: t.name, region: t.region });
export const presentTown = (t: Town | undefined): TownData | null => (t ? townData(t) : null);

export function presentCard(r: q.VacancyCardRow): VacancyCardData {
  return {
    id: r.id,
    url: `/job/${r.id}`,
    title: r.title,
    company: r.company,
    subsite: {
      id: r.subsite_id,
      type: r.subsite_type,
      name: r.subsite_name,
      url: subsiteUrl({ id: r.subsite_id, type: r.subsite_type, slug: r.subsite_slug }),
      avatar_url: r.subsite_avatar,
      avatar_color: r.subsite_color,
    },
    salary_from: r.salary_from,
    salary_to: r.salary_to,
    town: r.town_id === null ? null : presentTown(townById(r.town_id)),
    is_remote: r.is_remote,
    specialisation: r.specialisation,
    experience: r.experience,
    employment: r.employment,
    state: r.state,
    published_at: r.published_at?.toISOString() ?? null,
  };
}

/** The full vacancy for one reader: the reason only for its author and staff, the actions they may take. */
export function present(r: q.VacancyRow, user: UserRow | null): VacancyData {
  return {
    ...presentCard(r),
    description: r.description_blocks,
    description_text: r.description,
    apply_url: r.apply_url,
    apply_contact: r.apply_contact,
    reason: policy.isInsider(user, r) ? r.reason : '',
    expires_at: r.expires_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    author_id: r.author_id,
    can_edit: policy.canEdit(user, r),
    can_unpublish: policy.canUnpublish(user, r),
    can_moderate: policy.canModerate(user, r),
  };
}

/** Staff's queue and decisions and the taking off (lib/board.ts). */
const board = boardActions(
  'vacancy',
  {
    find: q.findVacancy,
    listWaiting: (db) => q.listWaiting(db),
    setState: q.setState,
    publishing: (now) => ({ expiresAt: new Date(now.getTime() + VACANCY_LIFETIME_DAYS * DAY_MS) }),
  },
  policy,
  present,
);
export const { queue, publish, reject, unpublish } = board;
const { load } = board;

/**
 * A page of the list is the same for every reader: in production it is read once per few seconds per filter set and
 * cursor (the feed's way), and a write this node answers drops it, so a publication shows at once here.
 */
export const LIST_CACHE_MS = 5000;
const listCache = perAppCache<VacanciesPageData>('vacancies.list', LIST_CACHE_MS, 2000, { dropOnWrite: true });

/** One page of published vacancies, newest first. */
export function list(ctx: Ctx, filters: VacancyFilters, cursor: q.Cursor | null): Promise<VacanciesPageData> {
  if (!ctx.config.sharedCaches) return readList(ctx, filters, cursor);
  return listCache(ctx).get(JSON.stringify([filters, cursor]), () => readList(ctx, filters, cursor));
}

async function readList(ctx: Ctx, filters: VacancyFilters, cursor: q.Cursor | null): Promise<VacanciesPageData> {
  const found = await q.listPublished(ctx.db, filters, cursor, VACANCIES_PAGE_SIZE);
  const last = found.at(-1);
  return {
    items: found.map(presentCard),
    last_id: last?.id ?? null,
    last_sorting_value: last?.sort ?? null,
    is_finished: found.length < VACANCIES_PAGE_SIZE,
  };
}

/** Cards of these published vacancies in the order of the ids (search's hits); others are left out. */
export async function publishedCards(ctx: Ctx, ids: number[]): Promise<VacancyCardData[]> {
  if (!ids.length) return [];
  const found = new Map((await q.findPublished(ctx.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = found.get(id);
    return r ? [presentCard(r)] : [];
  });
}

export async function one(ctx: Ctx, user: UserRow | null, id: number): Promise<VacancyData> {
  return present(policy.assertSees(user, await q.findVacancy(ctx.db, id)), user);
}

const fieldError = (field: string, rm: string) => badRequest(rm, { errors: { [field]: rm } });

/** The stored values of an author's input: the blog they may post from, a known town, the company's name. */
async function values(ctx: Ctx, user: UserRow, input: VacancyInput): Promise<q.VacancyValues> {
  const subsiteId = input.subsite_id ?? user.id;
  const subsite = await q.findSubsite(ctx.db, subsiteId);
  if (!subsite) throw notFound(messages.subsiteNotFound);
  if (
    subsiteId !== user.id &&
    (subsite.type === 'user' || !(await managesSubsite(ctx, { userId: user.id, subsiteId })))
  )
    throw forbidden(messages.vacancySubsiteForbidden);
  if (input.town_id != null && !townById(input.town_id)) throw fieldError('town_id', messages.vacancyTownUnknown);
  const company = input.company?.trim() || (subsite.type === 'user' ? '' : subsite.name);
  if (!company) throw fieldError('company', messages.vacancyCompanyRequired);
  const blocks = sanitizeBlocks(input.description);
  return {
    subsiteId,
    title: input.title,
    company,
    description: descriptionText(blocks),
    descriptionBlocks: blocks,
    salaryFrom: input.salary_from ?? null,
    salaryTo: input.salary_to ?? null,
    townId: input.town_id ?? null,
    isRemote: input.is_remote ?? false,
    specialisation: input.specialisation,
    experience: input.experience,
    employment: input.employment,
    applyUrl: input.apply_url ?? '',
    applyContact: input.apply_contact?.trim() ?? '',
  };
}

export async function create(ctx: Ctx, user: UserRow, input: VacancyInput): Promise<VacancyData> {
  const v = await values(ctx, user, input);
  const id = await transaction(ctx, (ctx) => q.insertVacancy(ctx.db, user.id, v));
  return present(await load(ctx, id), user);
}

export async function edit(ctx: Ctx, user: UserRow, id: number, input: VacancyInput): Promise<VacancyData> {
  policy.assertEdits(user, policy.assertSees(user, await q.findVacancy(ctx.db, id)));
  const v = await values(ctx, user, input);
  if (!(await q.updateVacancy(ctx.db, id, v, ctx.now()))) throw forbidden(messages.vacancyNotEditable);
  return present(await load(ctx, id), user);
}

/** A person's own vacancies in every state (the list page's "Мои вакансии"). */
export async function mine(ctx: Ctx, user: UserRow): Promise<VacancyData[]> {
  return (await q.listByAuthor(ctx.db, user.id)).map((r) => present(r, user));
}

// ——— Towns ———

export const towns = (query: string) => ({ items: findTowns(query).map(townData) });

export function knownTown(id: number): Town {
  const town = townById(id);
  if (!town) throw fieldError('city_id', messages.vacancyTownUnknown);
  return town;
}

/** The widget: published vacancies of the town (and remote ones), `limit` from `offset`. */
export async function widget(ctx: Ctx, town: Town | null, offset: number, limit: number) {
  const found = await q.listPublished(ctx.db, town ? { town_id: town.id } : {}, null, limit + 1, offset);
  return {
    items: found.slice(0, limit).map(presentCard),
    town: presentTown(town ?? undefined),
    is_finished: found.length <= limit,
  };
}

/** The widget for other sites: the first vacancies of the town as a page to frame, links to this site. */
export async function externalWidget(ctx: Ctx, townId: number | null): Promise<string> {
  const base = ctx.config.publicUrl;
  const town = (townId !== null && townById(townId)) || null;
  const { items } = await widget(ctx, town, 0, WIDGET_STEP);
  return widgetPage({
    title: vacanciesUi.widgetTitle,
    note: town?.name ?? '',
    items: items.map((v) => ({
      title: v.title,
      url: base + v.url,
      lines: [salaryText(v.salary_from, v.salary_to), `${v.company} · ${placeText(v.town, v.is_remote)}`],
    })),
    empty: vacanciesUi.widgetEmpty,
    more: { text: vacanciesUi.widgetAll, url: `${base}/job${town ? `?town_id=${town.id}` : ''}` },
    siteName: ui.siteName,
    siteUrl: base,
  });
}

// ——— Expiry (the `vacancies.expire` task) ———

/** Writes to authors whose vacancies end within three days, then takes off those that ended. Safe to run twice. */
export async function expire(ctx: Ctx) {
  const now = ctx.now();
  await transaction(ctx, async (ctx) => {
    const warn = await q.takeExpiring(ctx.db, new Date(now.getTime() + VACANCY_WARN_DAYS * DAY_MS));
    for (const v of warn)
      await queueLetter(ctx, {
        to: v.email,
        subject: messages.vacancyExpiringSubject(v.title),
        text: messages.vacancyExpiringText(v.name, v.title, formatDay(v.expires_at), `${ctx.config.publicUrl}/job/new`),
      });
    const ended = await q.expireDue(ctx.db, now);
    for (const v of ended)
      await enqueue(ctx, 'notify.system', { userId: v.author_id, text: messages.vacancyExpiredNotice(v.title) });
  });
}

/** The reader's town: a person's setting, else the cookie an anonymous reader got; null when unknown. */
export async function readerTown(ctx: Ctx, user: UserRow | null, cookie: string | null | undefined) {
  const id = user ? (await settings.location.read(ctx.db, user.id)).city_id : Number(cookie);
  return (id && Number.isSafeInteger(id) && townById(id)) || null;
}

/** Remembers a signed-in reader's town (0 forgets it); the route keeps an anonymous one in a cookie. */
export async function storeLocation(ctx: Ctx, user: UserRow | null, cityId: number) {
  const town = cityId === 0 ? null : knownTown(cityId);
  if (user) {
    if (town) await settings.location.merge(ctx.db, user.id, { city_id: town.id });
    else await settings.location.remove(ctx.db, user.id, ['city_id']);
  }
  return { town: presentTown(town ?? undefined) };
}

/** The blogs a person may post from: their own first, then the companies and communities they run. */
export async function authorBlogs(ctx: Ctx, user: UserRow) {
  const own = await q.findSubsite(ctx.db, user.id);
  return [...(own ? [own] : []), ...(await q.managedBlogs(ctx.db, user.id))];
}

/** The blog something is posted from (vacancies and events alike). */
export const blogOf = (ctx: Ctx, id: number) => q.findSubsite(ctx.db, id);
