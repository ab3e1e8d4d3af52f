import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { columnUi } from '../../../shared/catalogue/site.ts';
import { LiveFeed } from '../live/LiveFeed.tsx';
import type { LiveCollapse } from '../live/collapse.ts';
import { useStickyColumn } from './sticky.ts';

/** The widgets under the live feed: their own chunk, asked for once their place nears the window. */
const ColumnWidgets = lazy(() => import('./ColumnWidgets.tsx'));

/** spec/content.md §9: a right-column widget loads when it comes within 500 px of the viewport. */
const LAZY_OFFSET = '500px';

/**
 * The shell's right column (the layout option `right_column`, shared/page-facts.ts), shown at desktop widths only
 * (columns.css): the live feed, then popular entries and the job and events boards' widgets. Sticky by
 * `useStickyColumn`. Where the column is hidden (a phone, a narrow window) its widgets' place is never near the
 * window, so their code and data are never fetched.
 */
export function RightColumn({ liveCollapse, entryId }: { liveCollapse: LiveCollapse; entryId: number | null }) {
  const inner = useStickyColumn<HTMLDivElement>();
  const more = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = more.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), {
      rootMargin: LAZY_OFFSET,
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  return (
    <aside className="right-column" data-testid="right-column" aria-label={columnUi.label}>
      <div className="right-column__inner" ref={inner}>
        <LiveFeed variant="widget" collapse={liveCollapse} />
        <div ref={more} className="right-column__more">
          {near && (
            <Suspense fallback={null}>
              <ColumnWidgets entryId={entryId} />
            </Suspense>
          )}
        </div>
      </div>
    </aside>
  );
}
