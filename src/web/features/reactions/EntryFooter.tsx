import { Link } from 'react-router';
import type { EntryCard } from '../../../shared/entries.ts';
import { reactionsUi } from '../../../shared/catalogue/reactions.ts';
import { compactCount, pluralize } from '../../../shared/format.ts';
import { BookmarkButton } from './BookmarkButton.tsx';
import { HitCounter } from './HitCounter.tsx';
import { CommentIcon, ShareIcon } from './icons.tsx';
import { VoteButtons } from './VoteButtons.tsx';
import { RepostButton } from '../reposts/RepostButton.tsx';

/** The share dialog's code loads on the first press of the button. */
const openShareDialog = (entry: { id: number; url: string }) =>
  import('./ShareDialog.tsx').then((m) => m.openShareDialog(entry));

/**
 * Under an entry, in the feed and on its page: comments, votes, repost, bookmark, share and views.
 * `countView` is for the entry page: showing it counts the reader's view, and there the views and votes move
 * live. Feed cards stay still: a channel per card would cost a subscription (and a resubscription after every
 * reconnect) for each of dozens of cards, for numbers the reader only glances at.
 */
export function EntryFooter({ entry, countView = false }: { entry: EntryCard; countView?: boolean }) {
  return (
    <div className="entry-footer" data-testid="entry-footer">
      <div className="entry-footer__group">
        <Link
          to={`${entry.url}#comments`}
          className="reaction-btn entry-footer__comments"
          title={pluralize(entry.counters.comments, reactionsUi.comments)}
          data-testid="entry-footer-comments"
        >
          <CommentIcon />
          {entry.counters.comments > 0 && <span>{compactCount(entry.counters.comments)}</span>}
        </Link>
        {entry.is_enabled_likes && <VoteButtons type="content" id={entry.id} likes={entry.likes} live={countView} />}
      </div>
      <div className="entry-footer__group">
        <RepostButton entryId={entry.id} count={entry.counters.reposts} />
        <BookmarkButton type="content" id={entry.id} favorited={entry.is_favorited} count={entry.counters.favorites} />
        <button
          type="button"
          className="reaction-btn"
          onClick={() => void openShareDialog(entry)}
          aria-label={reactionsUi.share}
          title={reactionsUi.share}
          data-testid="share-button"
        >
          <ShareIcon />
        </button>
        <HitCounter entryId={entry.id} hits={entry.counters.hits} count={countView} />
      </div>
    </div>
  );
}
