import { PlusBadge } from '../payments/PlusBadge.tsx';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Entry } from '../../../shared/entries.ts';
import { complaintsShownUi, entriesShownUi } from '../../../shared/catalogue/shown.ts';
import { formatDateTime, relativeTime, typograph } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { EntryBlocks } from './Blocks.tsx';
import { EntryActions } from '../history/EntryActions.tsx';
import { RejectionNote, ReviewBadge } from './ReviewState.tsx';

/** The age gate's code loads for an 18+ entry only: most entry pages never show it (the phone's script budget). */
const NsfwCover = lazy(() => import('../moderation/Nsfw.tsx').then((m) => ({ default: m.NsfwCover })));

/** The entry itself: subsite and author, date, title and blocks; `footer` is where votes and the rest go. */
export function EntryView({ entry, now, footer }: { entry: Entry; now: number; footer?: ReactNode }) {
  const inBlog = entry.subsite.id === entry.author.id;
  const body = (
    <>
      {entry.title && <h1 className="entry-title">{typograph(entry.title)}</h1>}
      <EntryBlocks
        blocks={entry.blocks}
        caption={{ title: entry.title, author: entry.author.name }}
        entry={{ id: entry.id, authorId: entry.author.id }}
      />
    </>
  );
  return (
    <article className="entry-page" data-testid="entry" data-id={entry.id}>
      <header className="entry-meta">
        <Link
          to={entry.subsite.url}
          className="entry-meta-subsite"
          data-testid="entry-subsite"
          aria-label={entry.subsite.name}
        >
          <Avatar
            name={entry.subsite.name}
            color={entry.subsite.avatar_color}
            url={entry.subsite.avatar_url}
            size={36}
          />
        </Link>
        <div className="entry-meta-people">
          <Link to={entry.subsite.url} className="entry-meta-subsite">
            {entry.subsite.name}
            {inBlog && entry.author.is_plus && <PlusBadge />}
          </Link>
          <span className="entry-meta-line">
            {!inBlog && (
              <Link to={entry.author.url} className="entry-meta-author" data-testid="entry-author">
                {entry.author.name}
                {entry.author.is_plus && <PlusBadge />}
              </Link>
            )}
            <time dateTime={entry.date} title={formatDateTime(entry.date, now)} className="entry-meta-date">
              {relativeTime(entry.date, now)}
            </time>
            {!entry.is_published && <span className="entry-badge entry-badge--draft">{entriesShownUi.draft}</span>}
            <ReviewBadge review={entry} />
            {entry.is_nsfw && <span className="entry-badge entry-badge--nsfw">{entriesShownUi.nsfw}</span>}
            {entry.is_closed_editing && (
              <span className="entry-badge" data-testid="entry-editing-closed">
                {complaintsShownUi.editingClosedMark}
              </span>
            )}
          </span>
        </div>
        {entry.can_edit && (
          <Link
            to={`/writing/${entry.id}`}
            className="btn btn-secondary btn-small entry-meta-edit"
            data-testid="entry-edit"
          >
            {entriesShownUi.edit}
          </Link>
        )}
        {entry.can_edit && <EntryActions entry={entry} />}
      </header>
      <RejectionNote review={entry} />
      {/* An 18+ entry opened by its link is blurred and asks the age first, as its feed card does; not for its editors. */}
      {entry.is_nsfw && !entry.can_edit ? (
        <Suspense fallback={null}>
          <NsfwCover isNsfw>{body}</NsfwCover>
        </Suspense>
      ) : (
        body
      )}
      {footer && <div className="entry-footer-slot">{footer}</div>}
    </article>
  );
}
