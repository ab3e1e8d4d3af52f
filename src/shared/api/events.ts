import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { emptyAs, flagField, idField, intField, plainBody, withoutControlChars } from '../validation.ts';
import {
  DAY_RE,
  EVENT_FORMATS,
  EVENT_LIMITS as L,
  EVENT_STATES,
  EVENTS_WIDGET_STEP,
  isTimeZone,
  LOCAL_TIME_RE,
  MONTH_RE,
} from '../events.ts';
import { boardIdParams, boardStaffContracts, optionalText, text } from './board.ts';
import { contract, type ContractOutput } from './contract.ts';
import { MEDIA_PATH_RE } from './accounts.ts';
import { accepted, choice, httpUrl, isHttpUrl, town } from './vacancies.ts';

/** Events at /events, their calendar, the `.ics` file and the events widget (issue 29; spec/content.md §9). */

const idParams = boardIdParams('event');
const pattern = (re: RegExp, rm: string) => withoutControlChars(z.string({ error: rm })).regex(re, rm);
const optionalUrl = (rm: string) => emptyAs(undefined, httpUrl(rm, L.url).optional()).optional();

/** What an author sends to create or change an event; the town, the zone's times and "not past" are checked on the server. */
export const eventBody = plainBody({
  /** The blog it is posted from: the author's own (default) or a company or community they run. */
  subsite_id: idField(messages.eventSubsiteInvalid).optional(),
  title: text(messages.eventTitleRequired, messages.eventTitleTooLong(L.title), L.title),
  description: text(messages.eventDescriptionRequired, messages.eventDescriptionTooLong(L.description), L.description),
  /** Wall-clock times of `time_zone`: `2026-12-05T19:00`. */
  starts_at: pattern(LOCAL_TIME_RE, messages.eventStartInvalid),
  ends_at: pattern(LOCAL_TIME_RE, messages.eventEndInvalid),
  /** IANA zone; empty: the town's zone, else Europe/Moscow. */
  time_zone: emptyAs(
    undefined,
    z
      .string({ error: messages.eventTimeZoneInvalid })
      .max(64, messages.eventTimeZoneInvalid)
      .refine(isTimeZone, messages.eventTimeZoneInvalid)
      .optional(),
  ).optional(),
  town_id: emptyAs(null, idField(messages.townIdInvalid).nullable()).optional(),
  is_online: flagField(messages.eventOnlineInvalid).optional(),
  address: optionalText(messages.eventAddressTooLong, L.address),
  format: choice(EVENT_FORMATS, messages.eventFormatInvalid),
  /** Roubles; 0 or none: free. */
  price: emptyAs(null, intField(messages.eventPriceInvalid, 0, L.price).nullable()).optional(),
  register_url: optionalUrl(messages.eventRegisterUrlInvalid),
  /**
   * A picture uploaded to this site (`/media/{uuid}/`, what the form's picker gives) or a link to a picture elsewhere,
   * which the server copies into its own store: readers never load an event's cover from another site.
   */
  cover_url: emptyAs(
    undefined,
    withoutControlChars(z.string({ error: messages.eventCoverUrlInvalid }))
      .max(L.url, messages.eventCoverUrlInvalid)
      .refine((v) => MEDIA_PATH_RE.test(v) || isHttpUrl(v), messages.eventCoverUrlInvalid)
      .optional(),
  ).optional(),
  /** `/job/rules` and `/job/agreement` (the terms of vacancies and events) accepted: both must be true. */
  rules: accepted(messages.eventRulesRequired),
  agreement: accepted(messages.eventAgreementRequired),
}).superRefine((v, c) => {
  if (v.town_id == null && !v.is_online)
    c.addIssue({ code: 'custom', path: ['town_id'], message: messages.eventTownRequired });
});
export type EventInput = z.output<typeof eventBody>;

export const eventCard = z.object({
  id: z.number().int(),
  /** `/events/{id}` */
  url: z.string(),
  title: z.string(),
  /** The blog it was posted from. */
  subsite: z.object({
    id: z.number().int(),
    type: z.enum(['user', 'community', 'company']),
    name: z.string(),
    url: z.string(),
    avatar_url: z.string().nullable(),
    avatar_color: z.string(),
  }),
  /** ISO instants. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** The zone its times are shown in. */
  time_zone: z.string(),
  town: town.nullable(),
  is_online: z.boolean(),
  address: z.string(),
  format: z.enum(EVENT_FORMATS),
  /** Roubles; 0 is free. */
  price: z.number().int(),
  cover_url: z.string(),
  state: z.enum(EVENT_STATES),
});
export type EventCardData = z.output<typeof eventCard>;

const event = eventCard.extend({
  description: z.string(),
  register_url: z.string(),
  /** Staff's reason of a rejection or an unpublishing (the author and staff see it; empty for others). */
  reason: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  author_id: z.number().int(),
  can_edit: z.boolean(),
  can_unpublish: z.boolean(),
  can_moderate: z.boolean(),
});
export type EventData = z.output<typeof event>;

const day = (rm: string) => pattern(DAY_RE, rm);

/** The list's and the calendar's filters (all optional). */
const filterShape = {
  town_id: idField(messages.townIdInvalid).optional(),
  online: flagField(messages.eventFilterInvalid).optional(),
  free: flagField(messages.eventFilterInvalid).optional(),
  format: choice(EVENT_FORMATS, messages.eventFormatInvalid).optional(),
  /** Events of one blog (its id). */
  subsite_id: idField(messages.eventSubsiteInvalid).optional(),
  q: emptyAs(
    undefined,
    z.string({ error: messages.eventFilterInvalid }).max(L.query, messages.eventQueryTooLong(L.query)).optional(),
  ).optional(),
};
const dateRange = <T extends { date_from?: string; date_to?: string }>(v: T, c: z.core.$RefinementCtx) => {
  if (v.date_from && v.date_to && v.date_from > v.date_to)
    c.addIssue({ code: 'custom', path: ['date_from'], message: messages.eventDateRange });
};

export const listQuery = plainBody({
  ...filterShape,
  /** Days (`2026-12-05`) in the events' own zones: an event going on on any of them fits. */
  date_from: day(messages.eventDateFromInvalid).optional(),
  date_to: day(messages.eventDateToInvalid).optional(),
  offset: intField(messages.eventOffsetInvalid, 0, 10_000).optional(),
}).superRefine(dateRange);
export type EventFilters = Omit<z.output<typeof listQuery>, 'offset'>;

const page = z.object({ items: z.array(eventCard), next_offset: z.number().int().nullable() });
export type EventsPageData = z.output<typeof page>;

/** Published events going on or to come, soonest first, by the filters; `offset` from `next_offset`. */
export const list = contract({
  method: 'GET',
  path: '/events',
  access: 'anyone',
  query: listQuery,
  response: page,
  errors: [],
});

/** The calendar: the days of a month (`2026-12`) on which published events by the filters go on. */
export const calendar = contract({
  method: 'GET',
  path: '/events/calendar',
  access: 'anyone',
  query: plainBody({ ...filterShape, month: pattern(MONTH_RE, messages.eventMonthInvalid) }),
  response: z.object({ month: z.string(), days: z.array(z.string()) }),
  errors: [],
});
export type EventCalendarData = ContractOutput<typeof calendar>;

/** One event: anyone sees a published or past one; its author and staff see it in every state. */
export const one = contract({
  method: 'GET',
  path: '/events/:id',
  access: 'anyone',
  params: idParams,
  response: event,
  errors: ['event_not_found'],
});

/** The event as an iCalendar file (RFC 5545) for the reader's calendar. */
export const ics = contract({
  method: 'GET',
  path: '/events/:id/ics',
  access: 'anyone',
  params: idParams,
  raw: { type: 'text/calendar', description: 'The event as an iCalendar (.ics) file' },
  errors: ['event_not_found'],
});

const writeErrors = [
  'event_town_unknown',
  'event_in_past',
  'event_end_before_start',
  'event_too_long',
  'event_start_invalid',
  'event_end_invalid',
  'event_subsite_forbidden',
  'subsite_not_found',
  'event_edit_forbidden',
  'event_not_editable',
  'event_not_found',
] as const;

/** A new event from a person or a company they run; it waits for staff. */
export const create = contract({
  method: 'POST',
  path: '/events/create',
  access: 'active',
  body: eventBody,
  response: event,
  errors: writeErrors,
});

/** Its author changes an event; it goes back to staff. */
export const edit = contract({
  method: 'POST',
  path: '/events/:id/edit',
  access: 'active',
  params: idParams,
  body: eventBody,
  response: event,
  errors: writeErrors,
});

export const { unpublish, queue, publish, reject } = boardStaffContracts('event', event, L.reason);

/** The right column's events widget: `offset` for "+5"; `location` a town id (default: the reader's town). */
export const widget = contract({
  method: 'GET',
  path: '/widget/events',
  access: 'anyone',
  query: plainBody({
    location: idField(messages.townIdInvalid).optional(),
    offset: intField(messages.eventOffsetInvalid, 0, 1000).optional(),
    limit: intField(messages.eventOffsetInvalid, 1, EVENTS_WIDGET_STEP * 2).optional(),
  }),
  response: z.object({ items: z.array(eventCard), town: town.nullable(), is_finished: z.boolean() }),
  errors: [],
});
export type EventsWidgetData = ContractOutput<typeof widget>;

/** RSS 2.0 of the events to come, at the site root. */
export const rss = contract({
  method: 'GET',
  path: '/events/rss',
  access: 'anyone',
  raw: {
    type: 'application/rss+xml',
    description:
      'RSS 2.0 of the newest published events not over yet; ETag and Last-Modified, 304 when the reader has it',
  },
});

/**
 * The events widget for other sites (`/widget/events/external?location`), at the site root: a page to frame, the
 * town's first events to come (any town without `location`). No scripts; cookies are neither set nor read.
 */
export const externalWidget = contract({
  method: 'GET',
  path: '/widget/events/external',
  access: 'anyone',
  query: plainBody({ location: idField(messages.townIdInvalid).optional() }),
  raw: {
    type: 'text/html',
    description: 'A page other sites frame (frame-ancestors *, no scripts): the events to come in the town',
  },
  errors: [],
});
