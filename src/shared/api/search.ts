import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { SEARCH_ENTITIES, SEARCH_MAX_PAGE, SEARCH_ORDERS, SEARCH_PERIODS, SEARCH_QUERY_MAX } from '../search.ts';
import { collapse, idField, intField, plainBody } from '../validation.ts';
import { authorRef, entryCard, hashtagItem, likes, subsiteCard } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';
import { eventCard } from './events.ts';
import { vacancyCard } from './vacancies.ts';

/** Search (spec/content.md §7): `{items, is_finished}`, the JSON counterpart of the spec's `feed_html`. */

const queryField = z
  .string({ error: (iss) => (iss.input === undefined ? messages.searchQueryRequired : messages.wrongType) })
  // The length is checked before anything else is done with the text.
  .max(SEARCH_QUERY_MAX * 4, messages.searchQueryTooLong(SEARCH_QUERY_MAX))
  .transform(collapse)
  .pipe(
    z
      .string()
      .min(1, messages.searchQueryRequired)
      .max(SEARCH_QUERY_MAX, messages.searchQueryTooLong(SEARCH_QUERY_MAX)),
  );

/** Highlighted text: HTML-escaped, the matched words wrapped in `<mark>`, nothing else is markup. */
const highlighted = z.string();

export const searchEntry = entryCard.extend({
  /** The title with matches marked. */
  title_html: highlighted,
  /** A fragment of the text around the matches (empty when only the title matched). */
  snippet_html: highlighted,
});

/** A comment with the entry it belongs to and the matched fragment; `url` links to it on its entry's page. */
export const searchComment = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  reply_to: z.number().int().nullable(),
  date: z.string(),
  author: authorRef,
  likes,
  url: z.string(),
  entry: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
  text_html: highlighted,
});

/** A community, company or person's blog: the subsite card and its name with the match marked. */
export const searchSubsite = subsiteCard.extend({ name_html: highlighted });

/** A published vacancy: its card and its title with the matches marked. */
export const searchVacancy = vacancyCard.extend({ title_html: highlighted });

/** A published event not over yet: its card and its title with the matches marked. */
export const searchEvent = eventCard.extend({ title_html: highlighted });

/** One page of results of the `entity`'s kind, by `order`. */
export const search = contract({
  method: 'GET',
  path: '/search_ajax/v2/:entity/:order/:page',
  access: 'anyone',
  params: z.strictObject({
    entity: z.enum(SEARCH_ENTITIES, { error: messages.searchEntityInvalid }),
    order: z.enum(SEARCH_ORDERS, { error: messages.searchOrderInvalid }),
    page: intField(messages.searchPageInvalid(SEARCH_MAX_PAGE), 1, SEARCH_MAX_PAGE),
  }),
  query: plainBody({
    query: queryField,
    period: z.enum(SEARCH_PERIODS, { error: messages.searchPeriodInvalid }).default('all'),
    subsite_id: idField(messages.searchSubsiteInvalid).optional(),
  }),
  /**
   * `items` are of the entity's kind: entries, comments, subsites (communities, companies, `users`' blogs), tags,
   * published vacancies or published events not over yet.
   */
  response: z.object({
    items: z.array(z.union([searchEntry, searchComment, searchSubsite, hashtagItem, searchVacancy, searchEvent])),
    is_finished: z.boolean(),
  }),
});
export type SearchData = ContractOutput<typeof search>;
