import { Link } from 'react-router';
import type { EntryCard as Card } from '../../../shared/entries.ts';
import { ui } from '../../../shared/catalogue.ts';
import { compactCount, plural, relativeTime, truncate, typograph } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';

export function EntryCard({ entry, now }: { entry: Card; now: number }) {
  return (
    <article className="entry-card" data-testid="entry-card" data-id={entry.id}>
      <header className="entry-card-header">
        <Link to={entry.subsite.url} className="entry-card-subsite">
          <Avatar name={entry.subsite.name} color={entry.subsite.avatar_color} size={24} />
          <span>{entry.subsite.name}</span>
        </Link>
        {entry.subsite.id !== entry.author.id && (
          <Link to={entry.author.url} className="entry-card-author">{entry.author.name}</Link>
        )}
        <time dateTime={entry.date} className="entry-card-date">{relativeTime(entry.date, now)}</time>
      </header>
      <h2 className="entry-card-title"><Link to={entry.url}>{typograph(entry.title)}</Link></h2>
      {entry.intro && <p className="entry-card-intro">{typograph(truncate(entry.intro, 300))}</p>}
      <footer className="entry-card-footer">
        <span className="counter" title={`${entry.counters.comments} ${plural(entry.counters.comments, ui.feed.comments)}`}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden><path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" /></svg>
          {compactCount(entry.counters.comments)}
        </span>
        <span className={`counter rating ${entry.likes.summ > 0 ? 'positive' : entry.likes.summ < 0 ? 'negative' : ''}`}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden><path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="1.8" /></svg>
          {entry.likes.summ > 0 ? '+' : ''}{compactCount(entry.likes.summ)}
        </span>
      </footer>
    </article>
  );
}
