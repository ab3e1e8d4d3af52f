import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { STATS_DAYS_DEFAULT, STATS_DAYS_MAX } from '../discovery.ts';
import { idField, intField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Views and an entry's statistics (spec/content.md §7). */

const hitParams = z.object({ contentId: idField(messages.reactionIdInvalid) });
const hitData = z.object({
  details: z.object({ content_id: z.number().int(), compact: z.string() }),
  value: z.number().int(),
  /** Whether this call counted a new view of the reader's day. */
  is_hited: z.boolean(),
});

/** A reader opened the entry: counts the reader's first view of the day; answers the view count. */
export const hit = contract({
  method: 'GET',
  path: '/hit/:contentId',
  access: 'anyone',
  params: hitParams,
  response: hitData,
  errors: ['reaction_id_invalid', 'entry_not_found'],
});
/** The mobile app's spelling of the same call. */
export const hitMobile = contract({ ...hit, path: '/hit/:contentId/mobile' });
export type HitData = ContractOutput<typeof hit>;

/** One series of a chart: a label and one value per day of the answer's `days` (also the site's /stats). */
export const chartSeries = z.object({ key: z.string(), label: z.string(), values: z.array(z.number()) });
export type ChartSeries = z.output<typeof chartSeries>;

/** The entry's statistics popup (its '…' menu): the author's and staff's. */
export const entryStats = contract({
  method: 'GET',
  path: '/content/stats/:id',
  access: 'user',
  params: z.strictObject({ id: idField(messages.entryIdInvalid) }),
  query: plainBody({
    days: intField(messages.statsDaysInvalid(STATS_DAYS_MAX), 7, STATS_DAYS_MAX).default(STATS_DAYS_DEFAULT),
  }),
  /** Per UTC day since publication (at most `days`, oldest first): views, readers, votes, comments, and their sums. */
  response: z.object({
    days: z.array(z.number().int()),
    series: z.array(chartSeries),
    totals: z.object({
      views: z.number().int(),
      readers: z.number().int(),
      votes: z.number().int(),
      comments: z.number().int(),
    }),
  }),
  errors: ['entry_id_invalid', 'stats_days_invalid', 'entry_not_found', 'forbidden'],
});
export type EntryStats = ContractOutput<typeof entryStats>;
