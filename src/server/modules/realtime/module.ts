import { defineModule } from '../manifest.ts';
import { startHub } from './hub.ts';
import { realtimePage } from './page.ts';
import { publishDomainEvents } from './publish.ts';
import { realtimeRoutes } from './routes.ts';

/**
 * The socket server on `/socket.io` (channels of spec/foundation.md §7), attached to the app's server, and the
 * domain events it tells (publish.ts): both start with the app, the events stop with it.
 */
export default defineModule({
  name: 'realtime',
  routes: realtimeRoutes,
  pages: { realtime: { services: realtimePage } },
  start: (app) => publishDomainEvents(app.ctx, startHub(app)),
});
