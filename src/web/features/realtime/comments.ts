import type { Comment } from '../../../shared/comments.ts';
import type { CommentsEvent } from '../../../shared/realtime.ts';

/** Keeps what only this reader sees (rights, own vote, bookmark, the edit source) when a broadcast copy arrives. */
function merge(mine: Comment, fresh: Comment): Comment {
  return {
    ...mine,
    text: fresh.text,
    modification_date: fresh.modification_date,
    author: fresh.author,
    likes: { ...fresh.likes, is_liked: mine.likes.is_liked },
  };
}

/** Where a new comment goes in the flat tree list: after its parent's last descendant, or at the end. */
function insertAt(list: Comment[], comment: Comment): number {
  if (comment.reply_to === null) return list.length;
  const parent = list.findIndex((c) => c.id === comment.reply_to);
  if (parent < 0) return list.length;
  let i = parent + 1;
  while (i < list.length && list[i].level > list[parent].level) i++;
  return i;
}

/** A removed comment stays as a stub only while a living reply is under it (the server's rule in treeOrder). */
function dropBareStubs(list: Comment[]): Comment[] {
  const kept = new Array<boolean>(list.length);
  for (let i = list.length - 1; i >= 0; i--) {
    let living = false;
    for (let j = i + 1; j < list.length && list[j].level > list[i].level; j++) living ||= kept[j];
    kept[i] = !list[i].is_removed || living;
  }
  return list.filter((_, i) => kept[i]);
}

/** An entry's discussion after one `comments-{id}` event: new comments in place, edits, votes and removals. */
export function applyCommentsEvent(list: Comment[], event: CommentsEvent): Comment[] {
  switch (event.type) {
    case 'comment_created': {
      // The reader's own comment is already there (the form reloaded the list): theirs is the richer copy.
      if (list.some((c) => c.id === event.comment.id)) return list;
      const at = insertAt(list, event.comment);
      return [...list.slice(0, at), event.comment, ...list.slice(at)];
    }
    case 'comment_edited':
    case 'comment_voted':
      return list.map((c) => (c.id === event.comment.id ? merge(c, event.comment) : c));
    case 'comment_removed': {
      const gone = new Set(event.removed_ids);
      return dropBareStubs(
        list.map((c) =>
          gone.has(c.id)
            ? {
                ...c,
                text: '',
                source: null,
                author: null,
                is_removed: true,
                can_edit: false,
                can_remove: false,
                is_new: false,
                attaches: [],
              }
            : c,
        ),
      );
    }
    default:
      return list;
  }
}
