import { defineModule } from '../manifest.ts';
import { listenRoutes, mediaRootRoutes, mediaRoutes } from './routes.ts';
import { deleteOldListenMarks } from './service.ts';

const HOUR_MS = 3_600_000;

/** Uploads (limits from the config), their delivery under `/media`, and the listens of audio blocks. */
export default defineModule({
  name: 'media',
  routes: (ctx) => [...mediaRoutes(ctx.config), ...listenRoutes],
  rootRoutes: mediaRootRoutes,
  tasks: [
    /** Listen marks of days before yesterday. */
    { name: 'media.listensCleanup', everyMs: HOUR_MS, scope: 'cluster', run: deleteOldListenMarks },
  ],
});
