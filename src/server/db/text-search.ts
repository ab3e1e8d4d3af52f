import { sql, type SQL } from 'drizzle-orm';

/**
 * Full-text search over a `search_vector` column (the `russian` configuration): the words of what a reader typed and
 * the tsquery they make. Search's results and the lists of /job and /events read through it.
 */

/** More words than this add nothing to a search but cost; the rest are ignored. */
const MAX_WORDS = 10;

/** The words of a query: letters and digits only, so quotes, `&`, `|`, `!`, `:*` and the like are plain text. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** A last word shorter than this is never taken as a prefix (too many words start with two letters). */
const PREFIX_FROM = 3;

/**
 * The tsquery: every word by its stem (`russian` configuration), and the last one also as a prefix when the stemmer
 * left it whole («техн», «рынок»: probably still being typed), not when it cut an ending («статья» → «стат»,
 * which as a prefix would find «статус»). The words hold letters and digits only (`queryWords`), so nothing the
 * reader typed reaches the tsquery syntax as an operator.
 */
export function tsquery(words: string[], op: '&' | '|' = '&'): SQL {
  const head = words.slice(0, -1).join(` ${op} `);
  const last = words[words.length - 1] ?? '';
  const exact = sql`to_tsquery('russian', ${last})`;
  const lastQuery =
    last.length >= PREFIX_FROM
      ? sql`(case when ${exact}::text = quote_literal(${last}) then to_tsquery('russian', ${`${last}:*`}) else ${exact} end)`
      : exact;
  if (!head) return lastQuery;
  return op === '&'
    ? sql`(to_tsquery('russian', ${head}) && ${lastQuery})`
    : sql`(to_tsquery('russian', ${head}) || ${lastQuery})`;
}

/**
 * A tsquery as a scalar subquery: evaluated once per statement (an InitPlan), where a prepared statement's generic
 * plan would otherwise run to_tsquery, the stemmer, again for every row it rechecks, ranks or highlights.
 */
export const once = (q: SQL) => sql`(select ${q})`;

/**
 * A list's search filter (`q` of /job and /events): every word in the row's `search_vector`; a query of no words
 * (only signs) finds nothing. None without a query.
 */
export function matchesQuery(vector: SQL, q: string | undefined): SQL | null {
  if (q === undefined) return null;
  const words = queryWords(q);
  return words.length ? sql`${vector} @@ ${once(tsquery(words))}` : sql`false`;
}
