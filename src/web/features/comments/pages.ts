import type { Comment } from '../../../shared/comments.ts';

/** Where the thread starting at `start` (a top-level comment) ends in a flat tree list. */
function threadEnd(list: Comment[], start: number): number {
  let i = start + 1;
  while (i < list.length && list[i].level > 0) i++;
  return i;
}

/**
 * Adds a page of threads to the discussion shown: a thread not shown yet goes after the others; a thread already
 * shown (a linked one, shown again by a later page) keeps the longer of the two runs of replies. Answers the list and
 * the threads taken from the page, added or replaced (their 'more' count comes from the page).
 */
export function mergeThreads(list: Comment[], page: Comment[]): { list: Comment[]; taken: Set<number> } {
  const result = [...list];
  const taken = new Set<number>();
  for (let i = 0; i < page.length;) {
    const end = threadEnd(page, i);
    const block = page.slice(i, end);
    const at = result.findIndex((c) => c.id === page[i].id);
    if (at < 0) {
      const known = new Set(result.map((c) => c.id));
      result.push(...block.filter((c) => !known.has(c.id)));
      taken.add(page[i].id);
    } else {
      const shownEnd = threadEnd(result, at);
      if (block.length > shownEnd - at) {
        result.splice(at, shownEnd - at, ...block);
        taken.add(page[i].id);
      }
    }
    i = end;
  }
  return { list: result, taken };
}

/** Adds the next replies of the thread under `rootId` after the ones shown (a reply shown already is not repeated). */
export function appendReplies(list: Comment[], rootId: number, replies: Comment[]): Comment[] {
  const at = list.findIndex((c) => c.id === rootId);
  if (at < 0) return list;
  const known = new Set(list.map((c) => c.id));
  const end = threadEnd(list, at);
  return [...list.slice(0, end), ...replies.filter((c) => !known.has(c.id)), ...list.slice(end)];
}

/** The top-level comment of each comment shown (a thread is a top-level comment and the replies after it). */
export function threadRoots(list: Comment[]): Map<number, number> {
  const roots = new Map<number, number>();
  let root = 0;
  for (const c of list) {
    if (c.level === 0) root = c.id;
    roots.set(c.id, root);
  }
  return roots;
}

/** A copy of a per-thread count map without `keys`. */
export const withoutKeys = (m: Record<number, number>, keys: Iterable<number>) => {
  const copy = { ...m };
  for (const k of keys) delete copy[k];
  return copy;
};
/** The entries of a per-thread count map whose thread is in `keys`. */
export const pick = (m: Record<number, number>, keys: Set<number>) =>
  Object.fromEntries(Object.entries(m).filter(([k]) => keys.has(Number(k))));

/** `#comment-{id}` or `?comment={id}` (with `mode=edit` for the edit link of spec/content.md §2). */
export function linkedComment(search: string, hash: string): { id: number; edit: boolean } | null {
  const fromHash = /^#comment-(\d+)$/.exec(hash);
  const params = new URLSearchParams(search);
  const id = Number(fromHash?.[1] ?? params.get('comment'));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, edit: !fromHash && params.get('mode') === 'edit' };
}
