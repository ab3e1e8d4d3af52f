import type {
  EventCalendarData,
  EventCardData,
  EventData,
  EventFilters,
  EventInput,
  EventsPageData,
  EventsWidgetData,
} from '../../../shared/api/events.ts';
import { MEDIA_PATH_RE } from '../../../shared/api/accounts.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import {
  DEFAULT_EVENT_TIME_ZONE,
  EVENT_LIMITS,
  EVENTS_PAGE_SIZE,
  EVENTS_WIDGET_STEP,
  zonedInstant,
} from '../../../shared/events.ts';
import { eventPlace, eventPrice, eventWhen } from '../../../shared/events-format.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { boardActions } from '../../lib/board.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { townById, type Town } from '../../lib/towns.ts';
import { copyPicture, isStoredPicture } from '../media/service.ts';
import { widgetPage } from '../../lib/widget-page.ts';
import type { UserRow } from '../auth/index.ts';
import { managesSubsite } from '../subsites/service.ts';
import { blogOf, presentTown } from '../vacancies/service.ts';
import { icsCalendar } from './ics.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;

export function presentCard(r: q.EventRow): EventCardData {
  return {
    id: r.id,
    url: `/events/${r.id}`,
    title: r.title,
    subsite: {
      id: r.subsite_id,
      type: r.subsite_type,
      name: r.subsite_name,
      url: subsiteUrl({ id: r.subsite_id, type: r.subsite_type, slug: r.subsite_slug }),
      avatar_url: r.subsite_avatar,
      avatar_color: r.subsite_color,
    },
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    time_zone: r.time_zone,
    town: r.town_id === null ? null : presentTown(townById(r.town_id)),
    is_online: r.is_online,
    address: r.address,
    format: r.format,
    price: r.price,
    cover_url: shownCover(r.cover_url),
    state: r.state,
  };
}

/** The full event for one reader: the reason only for its author and staff, the actions they may take. */
export function present(r: q.EventRow, user: UserRow | null): EventData {
  return {
    ...presentCard(r),
    description: r.description,
    register_url: r.register_url,
    reason: policy.isInsider(user, r) ? r.reason : '',
    published_at: r.published_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    author_id: r.author_id,
    can_edit: policy.canEdit(user, r),
    can_unpublish: policy.canUnpublish(user, r),
    can_moderate: policy.canModerate(user, r),
  };
}

/** Staff's queue and decisions and the taking off (lib/board.ts). */
const board = boardActions(
  'event',
  { find: q.findEvent, listWaiting: (db) => q.listWaiting(db), setState: q.setState },
  policy,
  present,
);
export const { queue, publish, reject, unpublish } = board;
const { load } = board;

/** One page of published events going on or to come, soonest first. */
export async function list(ctx: Ctx, filters: EventFilters, offset = 0): Promise<EventsPageData> {
  const found = await q.listUpcoming(ctx.db, filters, ctx.now(), EVENTS_PAGE_SIZE + 1, offset);
  return {
    items: found.slice(0, EVENTS_PAGE_SIZE).map(presentCard),
    next_offset: found.length > EVENTS_PAGE_SIZE ? offset + EVENTS_PAGE_SIZE : null,
  };
}

/** The calendar's month (`2026-12`): the days on which events by the filters go on. */
export async function calendar(ctx: Ctx, filters: EventFilters, month: string): Promise<EventCalendarData> {
  return { month, days: await q.daysOfMonth(ctx.db, filters, ctx.now(), `${month}-01`) };
}

export async function one(ctx: Ctx, user: UserRow | null, id: number): Promise<EventData> {
  return present(policy.assertSees(user, await q.findEvent(ctx.db, id)), user);
}

/** A blog's published events, newest first: the read the blog's pages and lists build on. */
export async function publishedEventsOf(ctx: Ctx, subsiteId: number): Promise<EventCardData[]> {
  return (await q.listOfSubsite(ctx.db, subsiteId)).map(presentCard);
}

/** Cards of these published events not over yet, in the order of the ids (search's hits); others are left out. */
export async function upcomingCards(ctx: Ctx, ids: number[]): Promise<EventCardData[]> {
  if (!ids.length) return [];
  const found = new Map((await q.findUpcoming(ctx.db, ids, ctx.now())).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = found.get(id);
    return r ? [presentCard(r)] : [];
  });
}

/** The event as an iCalendar file for anyone who may see it. */
export async function ics(ctx: Ctx, user: UserRow | null, id: number): Promise<string> {
  const e = await one(ctx, user, id);
  const url = `${ctx.config.publicUrl}${e.url}`;
  return icsCalendar(
    {
      uid: `event-${e.id}@${new URL(ctx.config.publicUrl).host}`,
      start: new Date(e.starts_at),
      end: new Date(e.ends_at),
      stamp: ctx.now(),
      summary: e.title,
      description: `${e.description}\n\n${e.register_url || url}`,
      location: eventPlace(e),
      url,
    },
    `-//${ui.siteName}//${ui.events.title}//RU`,
  );
}

const fieldError = (field: string, rm: string) => badRequest(rm, { errors: { [field]: rm } });

/** The stored values of an author's input: the blog they may post from, a known town, real times yet to come. */
async function values(ctx: Ctx, user: UserRow, input: EventInput): Promise<q.EventValues> {
  const subsiteId = input.subsite_id ?? user.id;
  const subsite = await blogOf(ctx, subsiteId);
  if (!subsite) throw notFound(messages.subsiteNotFound);
  if (
    subsiteId !== user.id &&
    (subsite.type === 'user' || !(await managesSubsite(ctx, { userId: user.id, subsiteId })))
  )
    throw forbidden(messages.eventSubsiteForbidden);
  let town: Town | undefined;
  if (input.town_id != null) {
    town = townById(input.town_id);
    if (!town) throw fieldError('town_id', messages.eventTownUnknown);
  }
  const timeZone = input.time_zone ?? town?.tz ?? DEFAULT_EVENT_TIME_ZONE;
  const startsAt = zonedInstant(input.starts_at, timeZone);
  if (!startsAt) throw fieldError('starts_at', messages.eventStartInvalid);
  const endsAt = zonedInstant(input.ends_at, timeZone);
  if (!endsAt) throw fieldError('ends_at', messages.eventEndInvalid);
  if (endsAt < startsAt) throw fieldError('ends_at', messages.eventEndBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > EVENT_LIMITS.days * DAY_MS)
    throw fieldError('ends_at', messages.eventTooLong);
  if (startsAt <= ctx.now()) throw fieldError('starts_at', messages.eventInPast);
  return {
    subsiteId,
    title: input.title,
    description: input.description,
    startsAt,
    endsAt,
    timeZone,
    townId: town?.id ?? null,
    isOnline: input.is_online ?? false,
    address: input.address?.trim() ?? '',
    format: input.format,
    price: input.price ?? 0,
    registerUrl: input.register_url ?? '',
    coverUrl: await cover(ctx, user, input.cover_url),
  };
}

/** The cover's picture: 10 MB and 10 s at most for a picture copied from a link. */
const COVER_COPY = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000 };

/**
 * An event's cover is always a picture of this site's store: one uploaded by the form's picker is checked to exist, a
 * link to another site is copied here (public addresses only), so a reader's browser never asks the other site.
 */
async function cover(ctx: Ctx, user: UserRow, given: string | undefined): Promise<string> {
  if (!given) return '';
  const stored = MEDIA_PATH_RE.exec(given);
  if (stored) {
    if (!(await isStoredPicture(ctx, stored[1]))) throw fieldError('cover_url', messages.eventCoverNotFound);
    return given;
  }
  const copy = await copyPicture(ctx, user.id, given, COVER_COPY);
  if (!copy) throw fieldError('cover_url', messages.eventCoverUnreachable);
  return `/media/${copy.uuid}/`;
}

/** Covers given before they were copied here were links to other sites: those are not shown. */
const shownCover = (url: string) => (MEDIA_PATH_RE.test(url) ? url : '');

export async function create(ctx: Ctx, user: UserRow, input: EventInput): Promise<EventData> {
  const v = await values(ctx, user, input);
  const id = await transaction(ctx, (ctx) => q.insertEvent(ctx.db, user.id, v));
  return present(await load(ctx, id), user);
}

export async function edit(ctx: Ctx, user: UserRow, id: number, input: EventInput): Promise<EventData> {
  policy.assertEdits(user, policy.assertSees(user, await q.findEvent(ctx.db, id)));
  const v = await values(ctx, user, input);
  if (!(await q.updateEvent(ctx.db, id, v, ctx.now()))) throw forbidden(messages.eventNotEditable);
  return present(await load(ctx, id), user);
}

/** A person's own events in every state (the list page's "Мои мероприятия"). */
export async function mine(ctx: Ctx, user: UserRow): Promise<EventData[]> {
  return (await q.listByAuthor(ctx.db, user.id)).map((r) => present(r, user));
}

/** The widget: the town's upcoming events, `limit` from `offset`. */
export async function widget(ctx: Ctx, town: Town | null, offset: number, limit: number): Promise<EventsWidgetData> {
  const found = await q.listUpcoming(ctx.db, town ? { town_id: town.id } : {}, ctx.now(), limit + 1, offset);
  return {
    items: found.slice(0, limit).map(presentCard),
    town: presentTown(town ?? undefined),
    is_finished: found.length <= limit,
  };
}

/** The widget for other sites: the town's first events to come as a page to frame, links to this site. */
export async function externalWidget(ctx: Ctx, townId: number | null): Promise<string> {
  const base = ctx.config.publicUrl;
  const town = (townId !== null && townById(townId)) || null;
  const { items } = await widget(ctx, town, 0, EVENTS_WIDGET_STEP);
  const now = ctx.now().getTime();
  return widgetPage({
    title: ui.events.widgetTitle,
    note: town?.name ?? '',
    items: items.map((e) => ({
      title: e.title,
      url: base + e.url,
      lines: [eventWhen(e, now), `${eventPlace(e)} · ${eventPrice(e.price)}`],
    })),
    empty: ui.events.widgetEmpty,
    more: { text: ui.events.widgetAll, url: `${base}/events${town ? `?town_id=${town.id}` : '?town_id=0'}` },
    siteName: ui.siteName,
    siteUrl: base,
  });
}

/** The `events.finish` task: published events whose end passed become past. Safe to run twice. */
export async function finish(ctx: Ctx) {
  await transaction(ctx, (ctx) => q.finishDue(ctx.db, ctx.now()));
}

/**
 * The `events.renew` task (daily and at start-up): the demo seed's events that have ended come round again a whole
 * number of weeks later, so a demo left running keeps events to come. Real users' events are never touched.
 */
export async function renewSeeded(ctx: Ctx) {
  await transaction(ctx, (ctx) => q.renewSeeded(ctx.db, ctx.now()));
}
