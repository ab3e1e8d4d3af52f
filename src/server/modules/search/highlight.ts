import snowball from 'snowball-stemmers';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Highlighting of search results in the server, as PostgreSQL's `ts_headline` did in the `russian` configuration
 * (which parsed and stemmed every word of the page's texts in the database: ~2.5 ms of its CPU a page at 1M). The
 * query's stems still come from PostgreSQL (the tsquery as text, so stop words and the prefix rule are its own); a
 * text's words are stemmed here by the same Snowball algorithms the configuration uses: Russian for words with
 * other letters than Latin, English for Latin-only words, and words with digits as they are (its `simple`
 * dictionary), each after the configuration's stop words. Tests compare both on PGlite and PostgreSQL.
 */

export interface Term {
  lexeme: string;
  /** `'стат':*` matches every stem that starts with it. */
  prefix: boolean;
}

/** The terms of a tsquery as PostgreSQL writes it as text: `'стат' & 'рынок':*`. */
export function queryTerms(tsquery: string): Term[] {
  const terms: Term[] = [];
  for (const m of tsquery.matchAll(/'((?:[^']|'')*)'(:\*)?/g)) {
    const lexeme = m[1].replaceAll("''", "'");
    if (!terms.some((t) => t.lexeme === lexeme && t.prefix === !!m[2])) terms.push({ lexeme, prefix: !!m[2] });
  }
  return terms;
}

/** The stop words of PostgreSQL's `russian.stop` and `english.stop`, which its dictionaries drop before stemming. */
const RUSSIAN_STOP = new Set(
  `и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще
   нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом
   себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже себе под
   будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее сейчас были куда
   зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая
   много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно
   всю между`.split(/\s+/),
);
const ENGLISH_STOP = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it
   its itself they them their theirs themselves what which who whom this that these those am is are was were be been
   being have has had having do does did doing a an the and but if or because as until while of at by for with about
   against between into through during before after above below to from up down in out on off over under again
   further then once here there when where why how all any both each few more most other some such no nor not only
   own same so than too very s t can will just don should now`.split(/\s+/),
);

const russian = snowball.newStemmer('russian');
const english = snowball.newStemmer('english');

/** Stems already computed (a text's vocabulary repeats across pages); emptied when full. */
const stems = new Map<string, string | null>();
const STEMS_KEPT = 50_000;

/** A lowercase word's lexeme in the `russian` configuration, or null for a stop word. */
export function lexemeOf(word: string): string | null {
  let lexeme = stems.get(word);
  if (lexeme !== undefined) return lexeme;
  if (/\d/.test(word)) lexeme = word;
  else if (/^[a-z]+$/.test(word)) lexeme = ENGLISH_STOP.has(word) ? null : english.stem(word);
  // Snowball's Russian stemmer (since 2.0, which PostgreSQL 13+ ships) reads «ё» as «е»; the stop list does not.
  else lexeme = RUSSIAN_STOP.has(word) ? null : russian.stem(word.replaceAll('ё', 'е'));
  if (stems.size >= STEMS_KEPT) stems.clear();
  stems.set(word, lexeme);
  return lexeme;
}

/** Russian stems are what is left of the word once an ending is cut: no word that does not start with it matches. */
const cyrillic = /[а-яё]/;

/** Which terms a word matches: bit k for terms[k] (a query has at most 10 words). */
function matchesOf(word: string, terms: Term[]): number {
  const lower = word.toLowerCase();
  const prefiltered = cyrillic.test(lower) && !/\d/.test(lower);
  const normal = prefiltered ? lower.replaceAll('ё', 'е') : lower;
  let lexeme: string | null | undefined;
  let found = 0;
  terms.forEach((t, k) => {
    if (prefiltered && !normal.startsWith(t.lexeme)) return;
    lexeme ??= lexemeOf(lower);
    if (lexeme !== null && (t.prefix ? lexeme.startsWith(t.lexeme) : lexeme === t.lexeme)) found |= 1 << k;
  });
  return found;
}

/** The words as PostgreSQL's parser splits plain text (letters and digits; punctuation and spaces between). */
const WORD = /[\p{L}\p{N}]+/gu;

interface Word {
  start: number;
  end: number;
  hit: boolean;
}

/** text[from, to) as HTML, the words that match marked, spaces collapsed. */
function render(text: string, words: Word[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const w of words) {
    if (w.start < from || !w.hit) continue;
    if (w.end > to) break;
    out += `${escapeHtml(text.slice(at, w.start))}<mark>${escapeHtml(text.slice(w.start, w.end))}</mark>`;
    at = w.end;
  }
  return (out + escapeHtml(text.slice(at, to))).replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string, terms: Term[]): Word[] {
  return Array.from(text.matchAll(WORD), (m) => ({
    start: m.index,
    end: m.index + m[0].length,
    hit: matchesOf(m[0], terms) !== 0,
  }));
}

/** The whole text with every word that matches a term marked (a title; `HighlightAll`), as escaped HTML. */
export function highlightWhole(text: string, terms: Term[]): string {
  return render(text, wordsOf(text, terms), 0, text.length);
}

/** Texts up to this length are shown whole, longer ones as fragments around the matches. */
export const SHORT_TEXT = 300;
const MAX_FRAGMENTS = 2;
const MAX_WORDS = 28;
const MIN_WORDS = 10;
export const FRAGMENT_DELIMITER = ' … ';

/**
 * A text as shown in a result: whole when short; else up to MAX_FRAGMENTS fragments of about MAX_WORDS words, each
 * around a cover (the shortest run of words holding every term, as ts_headline's), joined by FRAGMENT_DELIMITER;
 * the first MIN_WORDS words when the text holds no cover (the match was in the title). The first covers are taken,
 * and the words are read only until the last fragment has its words after it.
 */
export function highlightSnippet(text: string, terms: Term[]): string {
  if (text.length <= SHORT_TEXT) return highlightWhole(text, terms);
  const words: Word[] = [];
  const covers: [number, number][] = [];
  // Where each term was last seen; a cover starts after the previous one ends.
  const seen = terms.map(() => -1);
  let from = 0;
  for (const m of text.matchAll(WORD)) {
    const i = words.length;
    const last = covers.at(-1);
    if (covers.length === MAX_FRAGMENTS && last && i > last[1] + MAX_WORDS) break;
    const found = matchesOf(m[0], terms);
    words.push({ start: m.index, end: m.index + m[0].length, hit: found !== 0 });
    if (!found || covers.length === MAX_FRAGMENTS) continue;
    terms.forEach((_, k) => {
      if (found & (1 << k)) seen[k] = i;
    });
    if (seen.every((p) => p >= from)) {
      // A cover that fits in the previous one's fragment joins it.
      const previous = covers.at(-1);
      if (previous && i - previous[0] < MAX_WORDS) previous[1] = i;
      else covers.push([Math.min(...seen), i]);
      from = i + 1;
    }
  }
  if (!words.length) return '';
  if (!covers.length) return render(text, words, 0, words[Math.min(MIN_WORDS, words.length) - 1].end);
  const fragments: string[] = [];
  let previousEnd = -1;
  covers.forEach(([start, end], k) => {
    const length = end - start + 1;
    let first = start;
    let last = start + MAX_WORDS - 1;
    if (length <= MAX_WORDS) {
      // Stretched to MAX_WORDS, evenly on both sides, without reaching into the neighbouring fragments.
      const before = Math.floor((MAX_WORDS - length) / 2);
      first = Math.max(previousEnd + 1, start - before);
      const limit = (covers[k + 1]?.[0] ?? words.length) - 1;
      last = Math.min(limit, end + (MAX_WORDS - length) - (start - first));
      first = Math.max(previousEnd + 1, Math.min(first, last - MAX_WORDS + 1));
    }
    last = Math.min(last, words.length - 1);
    previousEnd = last;
    fragments.push(render(text, words, words[first].start, words[last].end));
  });
  return fragments.join(FRAGMENT_DELIMITER);
}
