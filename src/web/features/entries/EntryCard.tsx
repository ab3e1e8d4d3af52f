import { PlusBadge } from '../payments/PlusBadge.tsx';
import { complaintsShownUi } from '../../../shared/catalogue/shown.ts';
import type { Block } from '../../../shared/blocks.ts';
import type { EntryCard as Card } from '../../../shared/entries.ts';
import { relativeTime, truncate, typograph } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { PageLink } from '../../ui/PageLink.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { EntryMenu, EntryStub, useEntryStub } from '../feed/EntryStub.tsx';
import { EntryFooter } from '../reactions/EntryFooter.tsx';
import { EntryBlocks } from './Blocks.tsx';
import { NsfwCover } from '../moderation/Nsfw.tsx';
import { EntryMarks } from './EntryMarks.tsx';

/** An entry in a feed: subsite, author, time, the '…' menu, title, intro, cover, then the reactions footer (comments, votes, bookmark, share, views). */
export function EntryCard({ entry, now }: { entry: Card; now: number }) {
  const user = useCurrentUser();
  const stub = useEntryStub(entry, user);
  if (stub.stub) {
    return (
      <article className="entry-card entry-card--stub" data-testid="entry-card" data-id={entry.id} data-stub="1">
        <EntryStub state={stub} />
      </article>
    );
  }
  return (
    <article className="entry-card" data-testid="entry-card" data-id={entry.id}>
      <header className="entry-card-header">
        <PageLink to={entry.subsite.url} className="entry-card-subsite">
          <Avatar
            name={entry.subsite.name}
            color={entry.subsite.avatar_color}
            url={entry.subsite.avatar_url}
            size={28}
          />
          <span className="entry-card-subsite-name">{entry.subsite.name}</span>
        </PageLink>
        {entry.subsite.id !== entry.author.id && (
          <PageLink to={entry.author.url} className="entry-card-author">
            {entry.author.name}
          </PageLink>
        )}
        {entry.author.is_plus && <PlusBadge />}
        <time dateTime={entry.date} className="entry-card-date">
          {relativeTime(entry.date, now)}
        </time>
        <EntryMarks entry={entry} />
        {entry.is_pinned && (
          <span className="entry-card-pinned" data-testid="entry-pinned">
            {complaintsShownUi.pinnedInFeed}
          </span>
        )}
        <EntryMenu state={stub} />
      </header>
      <NsfwCover isNsfw={entry.is_nsfw}>
        <PageLink to={entry.url} className="entry-card-body">
          <h2 className="entry-card-title">{typograph(entry.title)}</h2>
          {entry.intro && !(entry.is_clean_cover && entry.cover) && (
            <p className="entry-card-intro">{typograph(truncate(entry.intro, 300))}</p>
          )}
        </PageLink>
        {entry.cover && (
          <div className="entry-card-cover">
            <EntryBlocks
              blocks={[entry.cover as Block]}
              caption={{ title: entry.title, author: entry.author.name }}
              entry={{ id: entry.id, authorId: entry.author.id, url: entry.url, listens: entry.audio_listens }}
            />
          </div>
        )}
        {entry.audio && (
          <div className="entry-card-audio">
            <EntryBlocks
              blocks={[entry.audio]}
              entry={{ id: entry.id, authorId: entry.author.id, url: entry.url, listens: entry.audio_listens }}
            />
          </div>
        )}
        {entry.quiz && (
          <div className="entry-card-quiz">
            <EntryBlocks
              blocks={[entry.quiz]}
              entry={{ id: entry.id, authorId: entry.author.id, url: entry.url, listens: entry.audio_listens }}
            />
          </div>
        )}
      </NsfwCover>
      <footer className="entry-card-footer">
        <EntryFooter entry={entry} />
      </footer>
    </article>
  );
}
