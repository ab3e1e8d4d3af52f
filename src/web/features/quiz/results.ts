import type { bundleResult, QuizResult, vote, voteMany } from '../../../shared/api/quiz.ts';
import { QUIZ_BATCH_MS } from '../../../shared/quiz.ts';
import { call } from '../../api/call.ts';
import type { RequestOptions } from '../../api/request.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { unauthorizedClick } from '../../lib/unauthorized-click.ts';
import { onAuthChange } from '../auth/session.ts';
import { fingerprintHeaders } from './fingerprint.ts';

/**
 * The page's quiz results by hash (spec/content.md §4: requested, then the result, or null on an error). Every quiz
 * that mounts within QUIZ_BATCH_MS asks together: one `GET /quiz/bundleResult` for all of them. The quizzes of a
 * server-drawn page hydrate one Suspense boundary at a time, and on a busy machine those steps spread past the
 * window (five quizzes made two requests, issue 28): so the first to ask takes along every quiz already in the page,
 * and a quiz whose results are being asked, or came moments ago, does not ask again when it hydrates later.
 */
const results = createStore<Record<string, QuizResult | null>>({});
const waiting = new Set<string>();
/** Hashes in the request under way. */
const asking = new Set<string>();
/** When each hash's results last came: a quiz hydrating just after its batch was answered takes those. */
const answeredAt = new Map<string, number>();
const FRESH_MS = 10_000;
let timer: ReturnType<typeof setTimeout> | null = null;

const options = (): RequestOptions => ({
  headers: fingerprintHeaders(),
  onUnauthorized: () => unauthorizedClick('quiz'),
});

function put(entries: [string, QuizResult | null][]) {
  results.set({ ...results.get(), ...Object.fromEntries(entries) });
}

async function flush() {
  timer = null;
  const hashes = [...waiting];
  waiting.clear();
  for (const h of hashes) asking.add(h);
  const res = await call<typeof bundleResult>(
    'GET /quiz/bundleResult',
    { hashes: hashes.join(',') },
    {
      ...options(),
      notify: false,
    },
  );
  const now = Date.now();
  for (const h of hashes) {
    asking.delete(h);
    if (res.ok) answeredAt.set(h, now);
  }
  put(hashes.map((h) => [h, res.ok ? (res.data[h] ?? null) : null]));
}

/** Whether a hash is asked already (waiting, under way, or answered moments ago). */
const asked = (hash: string) =>
  waiting.has(hash) || asking.has(hash) || Date.now() - (answeredAt.get(hash) ?? -Infinity) < FRESH_MS;

/**
 * Asks for a quiz's results with the others of the page: those mounting within the window, and every quiz the page
 * already holds (drawn by the server, still to hydrate). `again` asks even when fresh (a change of who is signed in).
 */
export function requestResult(hash: string, again = false) {
  if (!again && asked(hash)) return;
  waiting.add(hash);
  if (typeof document !== 'undefined')
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid=quiz][data-hash]')) {
      const other = el.dataset.hash;
      if (other && !asked(other)) waiting.add(other);
    }
  timer ??= setTimeout(flush, QUIZ_BATCH_MS);
}

/** A quiz's results: undefined while asked, null after an error. */
export function useQuizResult(hash: string): QuizResult | null | undefined {
  return useStore(results)[hash];
}

/** A live message: the counts are everyone's, the reader's own vote stays as it was. */
export function mergeLive(hash: string, live: QuizResult) {
  const own = results.get()[hash];
  put([[hash, own ? { ...live, userVoted: own.userVoted, userItems: own.userItems } : live]]);
}

/** Votes: the answer is the quiz's results; an error leaves them null (a 401 raises `unauthorized_click` first). */
export async function castVote(hash: string, entryId: number, items: string[]) {
  const res =
    items.length === 1
      ? await call<typeof vote>(
          'POST /quiz/:hash/entryId/:id/vote/:option',
          { hash, id: entryId, option: items[0] },
          options(),
        )
      : await call<typeof voteMany>('POST /quiz/:hash/entryId/:id/vote', { hash, id: entryId, items }, options());
  put([[hash, res.ok ? res.data : null]]);
}

// Signing in or out changes whose vote the results show: the page's quizzes ask again.
if (typeof window !== 'undefined')
  onAuthChange(() => {
    for (const hash of Object.keys(results.get())) requestResult(hash, true);
  });
