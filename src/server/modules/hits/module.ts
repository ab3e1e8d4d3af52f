import { defineModule, heldOrShared, HOUR_MS } from '../manifest.ts';
import { hitsRoutes } from './routes.ts';
import { deleteOldHitMarks, HIT_FOLD_INTERVAL_MS, hitCounterOf, startHitCounter } from './service.ts';

/** View counting: the app's hit counter starts with it, and its waiting views are folded when the app closes. */
export default defineModule({
  name: 'hits',
  routes: hitsRoutes,
  start: (app) => {
    const counter = startHitCounter(app.ctx);
    return () => counter.close();
  },
  tasks: [
    /** Day marks of views older than two days. */
    { name: 'hits.cleanup', everyMs: HOUR_MS, scope: 'cluster', run: deleteOldHitMarks },
    /** Views into `hit_marks` and `entries.hits_count`: those in this process's memory, and on a worker Redis's. */
    {
      name: 'hits.fold',
      everyMs: HIT_FOLD_INTERVAL_MS,
      scope: 'node',
      role: heldOrShared,
      run: async (ctx) => hitCounterOf(ctx)?.fold(),
    },
  ],
});
