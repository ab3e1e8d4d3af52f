import type { RepostCard as Repost } from '../../../shared/api/reposts.ts';
import { repostsUi } from '../../../shared/catalogue/reposts.ts';
import { relativeTime, typograph } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { PageLink } from '../../ui/PageLink.tsx';
import { EntryCard } from '../entries/EntryCard.tsx';
import { RepostIcon } from '../reactions/icons.tsx';

/** A repost in a feed: the «репост» line (who, where, when), the comment, then the original's card. */
export function RepostCard({ repost, now }: { repost: Repost; now: number }) {
  return (
    <section className="repost-card" data-testid="repost-card" data-id={repost.id}>
      <header className="repost-card__line">
        <RepostIcon />
        <span className="repost-card__label">{repostsUi.line}</span>
        <PageLink to={repost.by.url} className="repost-card__by">
          <Avatar name={repost.by.name} color={repost.by.avatar_color} url={repost.by.avatar_url} size={22} />
          <span>{repost.by.name}</span>
        </PageLink>
        {repost.subsite.id !== repost.by.id && (
          <PageLink to={repost.subsite.url} className="repost-card__into">
            {repost.subsite.name}
          </PageLink>
        )}
        <time dateTime={repost.date} className="repost-card__date">
          {relativeTime(repost.date, now)}
        </time>
      </header>
      {repost.comment && (
        <p className="repost-card__comment" data-testid="repost-comment-text">
          {typograph(repost.comment)}
        </p>
      )}
      <EntryCard entry={repost.entry} now={now} />
    </section>
  );
}
