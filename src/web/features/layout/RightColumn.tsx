import { lazy, Suspense, useEffect, useState } from 'react';
import { navUi } from '../../../shared/catalogue/site.ts';
import { RIGHT_COLUMN_WIDTH } from '../../../shared/viewport.ts';
import type { LiveCollapse } from '../live/collapse.ts';

/** What the column holds: a chunk of its own, asked for only where the column shows. */
const ColumnBody = lazy(() => import('./ColumnBody.tsx'));

/**
 * The shell's right column (the layout option `right_column`, shared/page-facts.ts), shown at desktop widths only
 * (columns.css). Its widgets (the live feed, popular entries, the boards' widgets: ColumnBody.tsx) load once the
 * window is wide enough, never on a phone or in the mobile version, whose pages carry none of their code or data.
 */
/** `entry`: the page is an entry's, which its popular entries leave out. */
export function RightColumn({ liveCollapse, entry }: { liveCollapse: LiveCollapse; entry: boolean }) {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (document.documentElement.dataset.layout === 'mobile') return;
    const media = window.matchMedia(`(min-width: ${RIGHT_COLUMN_WIDTH}px)`);
    const check = () => media.matches && setWide(true);
    check();
    media.addEventListener('change', check);
    return () => media.removeEventListener('change', check);
  }, []);
  return (
    <aside className="right-column" data-testid="right-column" aria-label={navUi.column}>
      {wide && (
        <Suspense fallback={null}>
          <ColumnBody liveCollapse={liveCollapse} entry={entry} />
        </Suspense>
      )}
    </aside>
  );
}
