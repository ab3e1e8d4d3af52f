import { useLocation } from 'react-router';
import { LiveFeed } from '../live/LiveFeed.tsx';
import type { LiveCollapse } from '../live/collapse.ts';
import { EventsWidget } from '../events/EventsWidget.tsx';
import { JobWidget } from '../vacancies/JobWidget.tsx';
import { PopularWidget } from './PopularWidget.tsx';
import { useStickyColumn } from './sticky.ts';
import '../vacancies/vacancies.css';
import '../events/events.css';

/**
 * The right column's widgets (RightColumn.tsx loads this file as a chunk of its own): the live feed in the state of
 * its cookie, «Популярное», and the job and events widgets, which ask for their data once they come within 500 px of
 * the window. Sticky by `useStickyColumn`.
 */
export default function ColumnBody({ liveCollapse, entry }: { liveCollapse: LiveCollapse; entry: boolean }) {
  const inner = useStickyColumn<HTMLDivElement>();
  const { pathname } = useLocation();
  const entryId = entry ? entryIdOf(pathname) : null;
  return (
    <div className="right-column__inner" ref={inner}>
      <LiveFeed variant="widget" collapse={liveCollapse} />
      <PopularWidget entryId={entryId} />
      <JobWidget inShell />
      <EventsWidget inShell />
    </div>
  );
}

/** The id an entry page's address leads with (`/u/1-name/42-title` → 42), else null. */
function entryIdOf(pathname: string): number | null {
  const id = Number(/^\d+/.exec(pathname.split('/').filter(Boolean)[2] ?? '')?.[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
