import { PlusBadge } from '../payments/PlusBadge.tsx';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Entry } from '../../../shared/entries.ts';
import { complaintsShownUi, entriesShownUi, subsitesShownUi } from '../../../shared/catalogue/shown.ts';
import { formatDateTime, relativeTime, typograph } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useMounted } from '../../ui/overlays/store.ts';
import { EntryBlocks } from './Blocks.tsx';
import { RejectionNote, ReviewBadge } from './ReviewState.tsx';
import { EntryMarks } from './EntryMarks.tsx';
import { ReaderMenu } from './ReaderMenu.tsx';

/** The age gate's code loads for an 18+ entry only: most entry pages never show it (the phone's script budget). */
const NsfwCover = lazy(() => import('../moderation/Nsfw.tsx').then((m) => ({ default: m.NsfwCover })));
/**
 * The editors' '…' menu (history, removal, staff's actions): a reader's page carries none of its code. It shows once
 * its code is there (drawn by the server, it would drop a press that came before). Readers get the feed card's menu
 * (`ReaderMenu`: hide, ignore the author or the subsite, unsubscribe, complain) and its stub under the header.
 */
const EntryActions = lazy(() => import('../history/EntryActions.tsx').then((m) => ({ default: m.EntryActions })));

/** A special project's style names (`custom_style`, staff's) as the page's own classes, prefixed so none is the site's. */
const styleClasses = (style: string) => style.split(/\s+/).flatMap((name) => (name ? [`entry-style-${name}`] : []));

/** The entry itself: subsite and author, date, title and blocks; `footer` is where votes and the rest go. */
export function EntryView({ entry, now, footer }: { entry: Entry; now: number; footer?: ReactNode }) {
  const inBlog = entry.subsite.id === entry.author.id;
  const mounted = useMounted();
  // The thanks (donation) block shows while its author keeps it on.
  const blocks = entry.is_show_thanks ? entry.blocks : entry.blocks.filter((b) => b.type !== 'donation');
  const body = (
    <>
      {entry.title && <h1 className="entry-title">{typograph(entry.title)}</h1>}
      {entry.is_withheld_here && (
        <div className="entry-withheld" role="note" data-testid="entry-withheld">
          <h2>{entriesShownUi.withheldTitle}</h2>
          <p>{entriesShownUi.withheldText}</p>
        </div>
      )}
      <EntryBlocks
        blocks={blocks}
        caption={{ title: entry.title, author: entry.author.name }}
        entry={{ id: entry.id, authorId: entry.author.id, url: entry.url, listens: entry.audio_listens }}
      />
    </>
  );
  return (
    <article
      className={['entry-page', ...styleClasses(entry.custom_style)].join(' ')}
      data-testid="entry"
      data-id={entry.id}
    >
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
            {entry.subsite.is_private && (
              <span className="entry-badge" data-testid="entry-private" title={subsitesShownUi.privateVoteNote}>
                {subsitesShownUi.privateTitle}
              </span>
            )}
            <EntryMarks entry={entry} />
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
        {entry.can_edit && mounted && (
          <Suspense fallback={null}>
            <EntryActions entry={entry} />
          </Suspense>
        )}
        {!entry.can_edit && <ReaderMenu entry={entry} />}
      </header>
      {/* Where the reader's menu puts the stub of what they did (hid the entry, ignored its author…). */}
      <div className="entry-stub-slot" />
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
