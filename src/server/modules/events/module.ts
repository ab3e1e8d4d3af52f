import { defineModule, HOUR_MS } from '../manifest.ts';
import { eventsPage } from './page.ts';
import { eventsRootRoutes, eventsRoutes } from './routes.ts';
import * as events from './service.ts';

/**
 * Events at /events (issue 29): posting with staff moderation, the list with its calendar, the `.ics` file, the
 * events widget (and its page for other sites), the RSS feed; the hourly task marks published events whose end passed as past; the daily one brings the demo seed's ended events round again by whole weeks.
 */
export default defineModule({
  name: 'events',
  routes: eventsRoutes,
  rootRoutes: eventsRootRoutes,
  pages: { events: { services: eventsPage } },
  tasks: [
    { name: 'events.finish', everyMs: HOUR_MS, scope: 'cluster', atStart: true, run: events.finish },
    { name: 'events.renew', everyMs: 24 * HOUR_MS, scope: 'cluster', atStart: true, run: events.renewSeeded },
  ],
});
