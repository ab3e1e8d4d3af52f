import { COMMENTS_SEEN_TTL_DAYS, newCommentIds, type Comment } from '../../../shared/comments.ts';
import type { saveSeen } from '../../../shared/api/comments.ts';
import { call } from '../../api/call.ts';
import { storage } from '../../ui/overlays/store.ts';

/**
 * 'New since your last visit'. Signed-in readers: the server keeps the mark (`comments_seen`) and answers
 * `is_new`; this only reports what was seen. Anonymous readers: the mark lives in localStorage and the same
 * shared rule (`newCommentIds`) runs here.
 */
const KEY = 'sreda:comments-seen';
const MAX_ENTRIES = 300;
const TTL = COMMENTS_SEEN_TTL_DAYS * 86_400_000;

type Marks = Record<string, { count: number; at: number }>;

function readMarks(): Marks {
  try {
    const value = JSON.parse(storage.get(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Marks) : {};
  } catch {
    return {};
  }
}

/** The anonymous reader's mark for an entry, as their browser kept it; null on a first visit. */
export function readMark(entryId: number): { count: number; at: number } | null {
  const mark = readMarks()[entryId];
  return typeof mark?.count === 'number' && typeof mark.at === 'number' ? { count: mark.count, at: mark.at } : null;
}

/**
 * Ids new to an anonymous reader by their mark, among the comments loaded so far. The rank in date order is taken
 * among these, never above the true one, so a comment marked here is new by the whole discussion too.
 */
export function localNewIds(mark: { count: number; at: number } | null, items: Comment[]): Set<number> {
  // Right after signing in the list may already be the signed-in one: what the reader may remove is their own.
  const OWN = -1;
  return newCommentIds(
    items.map((c) => ({
      id: c.id,
      date: c.date,
      removed: c.is_removed,
      authorId: c.can_remove ? OWN : (c.author?.id ?? null),
    })),
    mark,
    OWN,
    new Date(),
  );
}

/** Remembers that the reader has now seen the entry's `count` living comments. */
export function markSeen(entryId: number, count: number, signedIn: boolean) {
  if (signedIn) {
    void call<typeof saveSeen>(
      'POST /comments/saveCommentsSeenCount',
      { content_id: entryId, count },
      { notify: false, authRetry: false },
    );
    return;
  }
  const now = Date.now();
  const marks = Object.entries<Marks[string]>({ ...readMarks(), [entryId]: { count, at: now } })
    .filter(([, m]) => typeof m?.at === 'number' && now - m.at < TTL)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_ENTRIES);
  // A full storage keeps what it holds: the marks are a nicety.
  storage.set(KEY, JSON.stringify(Object.fromEntries(marks)), { clearWhenFull: false });
}
