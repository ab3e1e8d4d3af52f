import { ui } from '../../shared/catalogue.ts';
import { LiveFeed } from '../features/live/LiveFeed.tsx';

export function meta() {
  return [{ title: `${ui.realtime.liveTitle} — ${ui.siteName}` }];
}

/** `/live`: the live feed on a page of its own, for phones (on desktop it sits in the sidebar). */
export default function Page() {
  return <LiveFeed variant="page" />;
}
