import type { Route } from './+types/feed';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EntryCard } from '../features/entries/EntryCard.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { entries: await services.latestEntries(30), now: Date.now() };
}

export function meta() {
  return [
    { title: `${ui.siteName} — ${ui.siteTagline}` },
    { name: 'description', content: ui.siteTagline },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { entries, now } = loaderData;
  return (
    <div className="feed" data-testid="feed">
      {entries.length === 0 && <p className="feed-empty">{ui.feed.empty}</p>}
      {entries.map((e) => <EntryCard key={e.id} entry={e} now={now} />)}
    </div>
  );
}
