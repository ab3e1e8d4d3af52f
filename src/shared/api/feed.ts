import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { FEED_MAX_EXCLUDE, FEED_MAX_PAGE_SIZE, FEED_SORTINGS } from '../feed.ts';
import { normalizeHashtag } from '../hashtags.ts';
import {
  decimalField,
  flagField,
  idField,
  idListField,
  intField,
  leadingIdField,
  plainBody,
  withoutControlChars,
} from '../validation.ts';
import { entryCard, sortedPage } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Feeds (spec/content.md §2, §3), the entry stub's hide, and the feeds for machines: RSS and the sitemap. */

const flag = flagField(messages.feedFlagInvalid).optional();

const feedQuery = plainBody({
  sorting: z.enum(FEED_SORTINGS, { error: messages.feedSortingInvalid }).optional(),
  subsite_id: idField(messages.subsiteNotFound).optional(),
  hashtag: withoutControlChars(z.string({ error: messages.hashtagInvalid }).max(51, messages.hashtagInvalid))
    .transform(
      (s, c) => normalizeHashtag(s) ?? (c.addIssue({ code: 'custom', message: messages.hashtagInvalid }), z.NEVER),
    )
    .optional(),
  all: flag,
  my: flag,
  last_id: idField(messages.feedCursorInvalid).optional(),
  last_sorting_value: decimalField(messages.feedCursorInvalid).optional(),
  exclude_ids: idListField(
    messages.feedExcludeInvalid,
    FEED_MAX_EXCLUDE,
    messages.feedExcludeTooMany(FEED_MAX_EXCLUDE),
  ).optional(),
  count: intField(messages.feedCountInvalid(FEED_MAX_PAGE_SIZE), 1, FEED_MAX_PAGE_SIZE).optional(),
  /**
   * The feed state's `content_id` (spec/content.md §3; `contentId` as the loader of the entry page sends it): the
   * entry the feed is loaded under, left out of it.
   */
  content_id: idField(messages.feedContentIdInvalid).optional(),
  contentId: idField(messages.feedContentIdInvalid).optional(),
  /** The feed state's page number: the keyset cursor decides what comes; accepted for the state's clients. */
  page: intField(messages.feedPageInvalid, 1, 10_000).optional(),
}).superRefine((q, issue) => {
  if ((q.last_id === undefined) !== (q.last_sorting_value === undefined)) {
    issue.addIssue({ code: 'custom', path: ['last_sorting_value'], message: messages.feedCursorPair });
  } else if (
    q.last_sorting_value !== undefined &&
    q.sorting !== 'hotness' &&
    q.sorting !== undefined &&
    !Number.isSafeInteger(q.last_sorting_value)
  ) {
    // Dates travel as integer microseconds, tops as integer vote sums.
    issue.addIssue({ code: 'custom', path: ['last_sorting_value'], message: messages.feedCursorInvalid });
  }
});

/** A page of a feed and the cursor of the next; `subsite_id` wins over `my`, `my` over `all`. */
export const feed = contract({
  method: 'GET',
  path: '/feed',
  access: 'anyone',
  query: feedQuery,
  response: sortedPage(entryCard, z.number()),
  /** `my=1` needs a signed-in reader. */
  errors: ['auth_required'],
});
export type FeedPageData = ContractOutput<typeof feed>;

/** The sidebar's /new badge: entries since the `last-recent-seen` time (unix seconds), at most RECENT_COUNT_CAP + 1. */
export const recentCount = contract({
  method: 'GET',
  path: '/feed/recent_count',
  access: 'anyone',
  query: plainBody({ since: intField(messages.feedSinceInvalid, 0, 4_102_444_800) }),
  response: z.object({ count: z.number().int() }),
});

const entryParams = z.object({ id: idField(messages.feedEntryIdInvalid) });
const hideData = z.object({ content_id: z.number().int(), is_hidden: z.boolean() });

/** The entry stub (spec/content.md §4): the entry leaves this reader's feeds (it stays reachable by its link). */
export const hide = contract({
  method: 'POST',
  path: '/content/hide/:id',
  access: 'active',
  params: entryParams,
  response: hideData,
  errors: ['entry_not_found'],
});
export type HideData = ContractOutput<typeof hide>;

/** The stub's cancel; works on unpublished or removed entries too. */
export const unhide = contract({ ...hide, path: '/content/unhide/:id' });

const rssAnswer = {
  type: 'application/rss+xml',
  description: 'RSS 2.0 of the newest published entries; ETag and Last-Modified, 304 when the reader has it',
} as const;
const slugField = withoutControlChars(z.string()).min(1).max(200);

/** Feeds for machines at the site root (without the /v3.0 prefix). The site's feed. */
export const rss = contract({ method: 'GET', path: '/rss', access: 'anyone', raw: rssAnswer });

/** A subsite's feed by its id. */
export const subsiteRss = contract({
  method: 'GET',
  path: '/rss/:id',
  access: 'anyone',
  params: z.object({ id: idField(messages.subsiteNotFound) }),
  raw: rssAnswer,
  errors: ['subsite_not_found'],
});

/** A community's feed by its slug. */
export const communityRss = contract({
  method: 'GET',
  path: '/s/:slug/rss',
  access: 'anyone',
  params: z.object({ slug: slugField }),
  raw: rssAnswer,
  errors: ['subsite_not_found'],
});

/** A person's blog feed: `{id}-{slug}` of its address (the slug is not checked). */
export const userRss = contract({
  method: 'GET',
  path: '/u/:user/rss',
  access: 'anyone',
  params: z.object({ user: leadingIdField(messages.subsiteNotFound) }),
  raw: rssAnswer,
  errors: ['subsite_not_found'],
});

/** A hashtag's feed. */
export const hashtagRss = contract({
  method: 'GET',
  path: '/tag/:name/rss',
  access: 'anyone',
  params: z.object({ name: slugField }),
  raw: rssAnswer,
  errors: ['hashtag_not_found'],
});

export const sitemap = contract({
  method: 'GET',
  path: '/sitemap.xml',
  access: 'anyone',
  raw: { type: 'application/xml', description: 'The sitemap of the site: feeds, subsites and entries' },
});
