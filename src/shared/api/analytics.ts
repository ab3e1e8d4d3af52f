import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { AD_PLACES } from '../ads.ts';
import { ANALYTICS_EVENTS, ANALYTICS_LIMITS as L, ENTRY_SOURCES } from '../analytics.ts';
import { emptyAs, flagField, idField, intField, listField, plainBody, withoutControlChars } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { choice } from './vacancies.ts';

/** First-party analytics (issue 30 point 4; spec/content.md §7 `POST /analytics-event {eventType}`). */

const pageText = withoutControlChars(z.string({ error: messages.analyticsPageInvalid })).max(
  L.text,
  messages.analyticsPageInvalid,
);
const pageCount = intField(messages.analyticsPageInvalid, 0, L.count).optional();

/** spec/content.md §3 "Page data for analytics". */
const pageData = z.strictObject(
  {
    author_name: pageText.optional(),
    author_type: pageText.optional(),
    tags: listField(
      z
        .array(pageText.pipe(z.string().max(L.tag, messages.analyticsPageInvalid)), {
          error: messages.analyticsPageInvalid,
        })
        .max(L.tags, messages.analyticsPageInvalid),
    ).optional(),
    comments: pageCount,
    likes: pageCount,
    favorites: pageCount,
    is_advertisement: flagField(messages.analyticsPageInvalid).optional(),
    navigation_name: pageText.optional(),
  },
  { error: messages.analyticsPageInvalid },
);

/** Show and Click of a page (default events), In-Viewport and Click of an ad unit (`unit_id` and `place`). */
const event = z
  .strictObject(
    {
      eventType: choice(ANALYTICS_EVENTS, messages.analyticsEventTypeInvalid),
      unit_id: idField(messages.analyticsUnitRequired).optional(),
      place: choice(AD_PLACES, messages.distributionPlaceInvalid).optional(),
      entry_id: idField(messages.analyticsPageInvalid).optional(),
      path: emptyAs(
        undefined,
        withoutControlChars(z.string({ error: messages.analyticsPathInvalid }))
          .max(L.path, messages.analyticsPathInvalid)
          .regex(/^\/(?!\/)/, messages.analyticsPathInvalid)
          .optional(),
      ).optional(),
      page: pageData.optional(),
      /** Show of an entry: where the reader came from. */
      source: choice(ENTRY_SOURCES, messages.analyticsSourceInvalid).optional(),
      /** Read-Time: the seconds the entry's page was visible. */
      seconds: intField(messages.analyticsSecondsInvalid, 0, L.readSeconds).optional(),
    },
    { error: messages.analyticsEventsInvalid },
  )
  .superRefine((v, c) => {
    if (v.eventType === 'In-Viewport' && (v.unit_id === undefined || v.place === undefined))
      c.addIssue({ code: 'custom', path: ['unit_id'], message: messages.analyticsUnitRequired });
    if (v.unit_id !== undefined && v.place === undefined)
      c.addIssue({ code: 'custom', path: ['place'], message: messages.analyticsUnitRequired });
    if ((v.eventType === 'Read-End' || v.eventType === 'Read-Time') && v.entry_id === undefined)
      c.addIssue({ code: 'custom', path: ['entry_id'], message: messages.analyticsEntryRequired });
    if ((v.eventType === 'Read-Time') !== (v.seconds !== undefined))
      c.addIssue({ code: 'custom', path: ['seconds'], message: messages.analyticsSecondsInvalid });
    if (v.source !== undefined && v.eventType !== 'Show')
      c.addIssue({ code: 'custom', path: ['source'], message: messages.analyticsSourceInvalid });
  });
export type AnalyticsEventInput = z.output<typeof event>;

export const analyticsEvent = contract({
  method: 'POST',
  path: '/analytics-event',
  access: 'anyone',
  body: plainBody({
    events: listField(
      z
        .array(event, { error: messages.analyticsEventsInvalid })
        .min(1, messages.analyticsEventsInvalid)
        .max(L.batch, messages.analyticsEventsInvalid),
    ),
    /** The action stack (the last two actions: `eventType:path`), from its cookie. */
    stack: listField(
      z
        .array(z.string({ error: messages.analyticsStackInvalid }).max(L.stackItem, messages.analyticsStackInvalid), {
          error: messages.analyticsStackInvalid,
        })
        .max(2, messages.analyticsStackInvalid),
    ).optional(),
    device: choice(['desktop', 'phone'] as const, messages.distributionDeviceInvalid).optional(),
  }),
  /** How many were taken into the queue (none are awaited). */
  response: z.object({ queued: z.number().int() }),
  errors: [
    'analytics_events_invalid',
    'analytics_event_type_invalid',
    'analytics_unit_required',
    'analytics_path_invalid',
    'analytics_page_invalid',
    'analytics_stack_invalid',
    'analytics_entry_required',
    'analytics_seconds_invalid',
    'analytics_source_invalid',
    'quiz_device_token_invalid',
    'distribution_place_invalid',
    'distribution_device_invalid',
  ],
});

// ── The report ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const reportDay = z.object({ day: z.string(), impressions: z.number().int(), clicks: z.number().int() });

/** A campaign or a booster over the report's days: impressions (its hits), clicks (analytics), CTR in percent. */
export const reportItem = z.object({
  id: z.number().int(),
  kind: z.enum(['campaign', 'booster']),
  title: z.string(),
  url: z.string(),
  state: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number(),
  /** Kopecks a booster was paid (0 for staff's campaigns) and what its impressions used of it. */
  paid: z.number().int(),
  spent: z.number().int(),
  days: z.array(reportDay),
});
export type ReportItem = z.output<typeof reportItem>;

export const report = contract({
  method: 'GET',
  path: '/distributions/report',
  access: 'user',
  response: z.object({ items: z.array(reportItem) }),
});

export const reportOne = contract({
  method: 'GET',
  path: '/distributions/:id/report',
  access: 'user',
  params: z.object({ id: idField(messages.distributionIdInvalid) }),
  response: reportItem,
  errors: ['distribution_id_invalid', 'distribution_not_found', 'stats_not_yours'],
});

// ── An entry's reading ─────────────────────────────────────────────────────────────────────────────────────────────

export const readingDay = z.object({
  day: z.string(),
  views: z.number().int(),
  readers: z.number().int(),
  read_ends: z.number().int(),
  /** Seconds the page was visible per view that day (the Read-Time events' sum over the Shows; 0 without any). */
  read_seconds: z.number().int(),
  feed: z.number().int(),
  search: z.number().int(),
  outside: z.number().int(),
});
export type ReadingDay = z.output<typeof readingDay>;

/**
 * An entry's reading over the last ANALYTICS_REPORT_DAYS Moscow days (the roll-up of analytics' events): its author's,
 * its subsite managers' and staff's; anyone else 403 «Статистика этой записи вам недоступна».
 */
export const entryReading = contract({
  method: 'GET',
  path: '/content/stats/:id/reading',
  access: 'user',
  params: z.strictObject({ id: idField(messages.entryIdInvalid) }),
  response: z.object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    /** Sums over the days; `readers` are distinct over them all (account, else fingerprint, else address). */
    totals: readingDay.omit({ day: true }),
    days: z.array(readingDay),
  }),
  errors: ['entry_id_invalid', 'entry_not_found', 'entry_stats_not_yours'],
});
export type EntryReading = ContractOutput<typeof entryReading>;
