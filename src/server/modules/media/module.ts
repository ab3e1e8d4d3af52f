import { defineModule } from '../manifest.ts';
import { listenRoutes, mediaRootRoutes, mediaRoutes } from './routes.ts';
import { deleteOldListenMarks, processVideo } from './service.ts';

const HOUR_MS = 3_600_000;

/** Uploads (limits from the config), the video job, their delivery under `/media`, and the listens of audio blocks. */
export default defineModule({
  name: 'media',
  routes: (ctx) => [...mediaRoutes(ctx.config), ...listenRoutes],
  rootRoutes: mediaRootRoutes,
  jobs: (ctx) => ({
    /** An editor's video upload made mp4, its progress written as it goes. */
    'media.video': (p, job) => processVideo(ctx, p, job),
  }),
  tasks: [
    /** Listen marks of days before yesterday. */
    { name: 'media.listensCleanup', everyMs: HOUR_MS, scope: 'cluster', run: deleteOldListenMarks },
  ],
});
