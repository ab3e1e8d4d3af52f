import { useEffect, useState } from 'react';
import type { feed } from '../../../shared/api/feed.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { columnUi } from '../../../shared/catalogue/column.ts';
import { pluralize } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { PageLink } from '../../ui/PageLink.tsx';

/** Entries the block lists; a day with fewer than `POPULAR_MIN` popular ones takes the week's. */
const POPULAR_COUNT = 5;
const POPULAR_MIN = 3;

/**
 * «Популярное»: the main feed's top of the day (else of the week) from `GET /feed`, the entry being read left out
 * (`content_id`). Nothing is shown until it comes; a failed read shows nothing either.
 */
export function PopularWidget({ entryId }: { entryId: number | null }) {
  const [items, setItems] = useState<EntryCard[] | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      for (const sorting of ['day', 'week'] as const) {
        const input = { sorting, count: POPULAR_COUNT, ...(entryId ? { content_id: entryId } : {}) };
        const res = await call<typeof feed>('GET /feed', input, { notify: false, authRetry: false });
        if (!live || !res.ok) return;
        // Entries staff hold in the flash block open the list and push the last ones out.
        const items = res.data.items.slice(0, POPULAR_COUNT);
        if (items.length >= POPULAR_MIN || sorting === 'week') return setItems(items);
      }
    })();
    return () => {
      live = false;
    };
  }, [entryId]);
  if (!items) return null;
  return (
    <section className="column-widget popular" data-testid="popular-widget" aria-labelledby="popular-title">
      <h2 className="column-widget__title" id="popular-title">
        {columnUi.popular}
      </h2>
      {items.length === 0 ? (
        <p className="column-widget__empty">{columnUi.popularEmpty}</p>
      ) : (
        <ol className="popular__list">
          {items.map((e) => (
            <li key={e.id} className="popular__item" data-testid="popular-item">
              <PageLink to={e.url} className="popular__title">
                {e.title || e.intro}
              </PageLink>
              <span className="popular__meta">
                {e.subsite.name} · {pluralize(e.counters.comments, columnUi.comments)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
