import snowball from 'snowball-stemmers';
import { boundedMemo } from '../../../shared/memo.ts';
import { escapeHtml } from '../../../shared/html.ts';

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
  /**
   * Where a word that may match starts, in any case and with «ё» for «е»: a Russian stem is what is left of the word
   * once an ending is cut (a matching word starts with it), an English one differs from the word in at most its
   * last three letters («possibl» of «possibility»).
   */
  find: RegExp;
}

/** Terms already made (every row of a page has the same query; each term compiles a pattern). */
const keptTerms = boundedMemo<Term[]>(1000);

/** The terms of a tsquery as PostgreSQL writes it as text: `'стат' & 'рынок':*`. */
export function queryTerms(tsquery: string): Term[] {
  return keptTerms(tsquery, () => readTerms(tsquery));
}

function readTerms(tsquery: string): Term[] {
  const terms: Term[] = [];
  for (const m of tsquery.matchAll(/'((?:[^']|'')*)'(:\*)?/g)) {
    const lexeme = m[1].replaceAll("''", "'");
    const prefix = !!m[2];
    if (terms.some((t) => t.lexeme === lexeme && t.prefix === prefix)) continue;
    const start = /^[a-z]+$/.test(lexeme) ? lexeme.slice(0, Math.max(1, lexeme.length - 3)) : lexeme;
    const find = new RegExp(start.replace(/[^\p{L}\p{N}]/gu, '\\$&').replaceAll('е', '[её]'), 'gi');
    terms.push({ lexeme, prefix, find });
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

/** Stems already computed (a text's vocabulary repeats across pages). */
const keptLexemes = boundedMemo<string | null>(50_000);

/** A lowercase word's lexeme in the `russian` configuration, or null for a stop word. */
export function lexemeOf(word: string): string | null {
  return keptLexemes(word, () => {
    if (/\d/.test(word)) return word;
    if (/^[a-z]+$/.test(word)) return ENGLISH_STOP.has(word) ? null : english.stem(word);
    // Snowball's Russian stemmer (since 2.0, which PostgreSQL 13+ ships) reads «ё» as «е»; the stop list does not.
    return RUSSIAN_STOP.has(word) ? null : russian.stem(word.replaceAll('ё', 'е'));
  });
}

/** A letter or digit (PostgreSQL's parser's word characters), by its UTF-16 code: Latin, digits and Cyrillic first. */
const LETTER = /[\p{L}\p{N}]/u;
const isWordCode = (c: number) =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x430 && c <= 0x44f) ||
  (c >= 0x30 && c <= 0x39) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x400 && c <= 0x4ff) ||
  (c > 0x7f && LETTER.test(String.fromCharCode(c)));

/** A run of letters and digits: a word as the parser reads plain text. */
interface Word {
  start: number;
  end: number;
}

/** The words of the text that match a term, by their start: bit k for terms[k] (a query has at most 10 words). */
function hitsOf(text: string, terms: Term[]): Map<number, { end: number; bits: number }> {
  const hits = new Map<number, { end: number; bits: number }>();
  terms.forEach((term, k) => {
    for (const m of text.matchAll(term.find)) {
      const at = m.index;
      if (at > 0 && isWordCode(text.charCodeAt(at - 1))) continue;
      let end = at + m[0].length;
      while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
      const lexeme = lexemeOf(text.slice(at, end).toLowerCase());
      if (lexeme === null || !(term.prefix ? lexeme.startsWith(term.lexeme) : lexeme === term.lexeme)) continue;
      const hit = hits.get(at);
      if (hit) hit.bits |= 1 << k;
      else hits.set(at, { end, bits: 1 << k });
    }
  });
  return hits;
}

/** text[from, to) as escaped HTML, the words that match marked, spaces collapsed. */
function render(text: string, hits: Map<number, { end: number }>, from: number, to: number): string {
  let out = '';
  let at = from;
  for (const [start, { end }] of [...hits].sort((a, b) => a[0] - b[0])) {
    if (start < from) continue;
    if (end > to) break;
    out += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return (out + escapeHtml(text.slice(at, to))).replace(/\s+/g, ' ').trim();
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!isWordCode(text.charCodeAt(i))) continue;
    const start = i;
    while (i < text.length && isWordCode(text.charCodeAt(i))) i++;
    words.push({ start, end: i });
  }
  return words;
}

/** The whole text with every word that matches a term marked (a title; `HighlightAll`), as escaped HTML. */
export function highlightWhole(text: string, terms: Term[]): string {
  return render(text, hitsOf(text, terms), 0, text.length);
}

/** What ends a line so that the next may follow after a space: a sentence's end, a clause's or an open quote. */
const LINE_END = /[.!?…:;,\-–—(«„"']/;

/**
 * The paragraphs and list items of a text (`search_entry_text` puts a line break between blocks and items; a comment
 * has its own) as one line, each break as the punctuation it stands for, so a snippet does not run them together
 * («…конец абзаца Начало следующего»): a space after a sentence's end, a full stop before a capital letter, a
 * semicolon before the rest (list items). Only gaps change: words keep their places relative to each other.
 */
export function joinLines(text: string): string {
  if (!text.includes('\n')) return text;
  return text.replace(/[ \t\r\u00a0]*\n\s*/g, (gap: string, at: number) => {
    const before = text[at - 1];
    const next = text[at + gap.length];
    if (before === undefined || next === undefined || LINE_END.test(before)) return ' ';
    if (/\p{Lu}/u.test(next)) return '. ';
    return /[\p{L}\p{N}]/u.test(next) ? '; ' : ' ';
  });
}

/** Texts up to this length are shown whole, longer ones as fragments around the matches. */
const SHORT_TEXT = 300;
const MAX_FRAGMENTS = 2;
const MAX_WORDS = 28;
const MIN_WORDS = 10;
const FRAGMENT_DELIMITER = ' … ';

/**
 * A text as shown in a result: whole when short; else up to MAX_FRAGMENTS fragments of about MAX_WORDS words, each
 * around a cover (the shortest run of words holding every term, as ts_headline's), joined by FRAGMENT_DELIMITER;
 * the first MIN_WORDS words when the text holds no cover (the match was in the title). The first covers are taken.
 * Its paragraphs are joined first (`joinLines`).
 */
export function highlightSnippet(lines: string, terms: Term[]): string {
  const text = joinLines(lines);
  if (text.length <= SHORT_TEXT) return highlightWhole(text, terms);
  const hits = hitsOf(text, terms);
  const words = wordsOf(text);
  if (!words.length) return '';
  const covers: [number, number][] = [];
  // Where each term was last seen; a cover starts after the previous one ends.
  const seen = terms.map(() => -1);
  let from = 0;
  for (let i = 0; i < words.length && hits.size && covers.length < MAX_FRAGMENTS; i++) {
    const bits = hits.get(words[i].start)?.bits;
    if (!bits) continue;
    terms.forEach((_, k) => {
      if (bits & (1 << k)) seen[k] = i;
    });
    if (seen.every((p) => p >= from)) {
      // A cover that fits in the previous one's fragment joins it.
      const previous = covers.at(-1);
      if (previous && i - previous[0] < MAX_WORDS) previous[1] = i;
      else covers.push([Math.min(...seen), i]);
      from = i + 1;
    }
  }
  if (!covers.length) return render(text, hits, 0, words[Math.min(MIN_WORDS, words.length) - 1].end);
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
    fragments.push(render(text, hits, words[first].start, words[last].end));
  });
  return fragments.join(FRAGMENT_DELIMITER);
}
