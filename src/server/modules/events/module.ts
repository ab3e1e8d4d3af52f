import { defineModule, HOUR_MS } from '../manifest.ts';
import { eventsPage } from './page.ts';
import { eventsRoutes } from './routes.ts';
import * as events from './service.ts';

/**
 * Events at /events (issue 29): posting with staff moderation, the list with its calendar, the `.ics` file, the
 * events widget; the hourly task marks published events whose end passed as past.
 */
export default defineModule({
  name: 'events',
  routes: eventsRoutes,
  pages: { events: { services: eventsPage } },
  tasks: [{ name: 'events.finish', everyMs: HOUR_MS, scope: 'cluster', atStart: true, run: events.finish }],
});
