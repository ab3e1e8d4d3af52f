import { z } from 'zod';
import { contract, type ContractOutput } from './contract.ts';

/** The live feed's HTTP calls (spec/content.md §9); the socket protocol itself is in shared/realtime.ts. */

/** Live item (spec/content.md §3). `live_html` is rendered and escaped by the server. */
export const liveItem = z.object({
  type: z.enum(['comment', 'entry']),
  /** Unique per item: `comment-{id}` or `entry-{id}`; the client drops repeats by it. */
  hash: z.string(),
  comment_id: z.number().int().nullable(),
  content_id: z.number().int(),
  subsite_id: z.number().int(),
  user_id: z.number().int(),
  /** The subsite the entry was first published in (reposts are not built yet: the same subsite). */
  original_subsite_id: z.number().int(),
  text: z.string(),
  pin: z.boolean(),
  date: z.string(),
  live_html: z.string(),
});
export type LiveItem = z.output<typeof liveItem>;

/** The newest items of the live feed (the sidebar's first paint; the `live` channel brings the rest). */
export const initial = contract({
  method: 'GET',
  path: '/live/initial',
  access: 'anyone',
  response: z.object({ items: z.array(liveItem) }),
});

/** A Plus reader's private live token; signed in is enough to ask, the token itself is for Plus (402). */
export const liveToken = contract({
  method: 'GET',
  path: '/live/token/update',
  access: 'user',
  /** `expires`: unix seconds. */
  response: z.object({ token: z.string(), expires: z.number().int() }),
  errors: ['live_token_plus_required'],
});
export type LiveToken = ContractOutput<typeof liveToken>;
