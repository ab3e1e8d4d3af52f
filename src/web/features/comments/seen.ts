import { COMMENTS_SEEN_TTL_DAYS, newCommentIds, type Comment } from '../../../shared/comments.ts';
import { api } from '../../api/request.ts';
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

const visibleCount = (items: Comment[]) => items.filter((c) => !c.is_removed).length;

/** Ids new to an anonymous reader, by the mark their browser kept. */
export function localNewIds(entryId: number, items: Comment[]): Set<number> {
  const mark = readMarks()[entryId];
  const valid = typeof mark?.count === 'number' && typeof mark.at === 'number';
  // Right after signing in the list may already be the signed-in one: what the reader may remove is their own.
  const OWN = -1;
  return newCommentIds(
    items.map((c) => ({
      id: c.id,
      date: c.date,
      removed: c.is_removed,
      authorId: c.can_remove ? OWN : (c.author?.id ?? null),
    })),
    valid ? mark : null,
    OWN,
    new Date(),
  );
}

/** Remembers that the reader has now seen the entry's comments. */
export function markSeen(entryId: number, items: Comment[], signedIn: boolean) {
  const count = visibleCount(items);
  if (signedIn) {
    void api.post(
      'comments/saveCommentsSeenCount',
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
