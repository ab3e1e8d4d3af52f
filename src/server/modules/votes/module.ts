import { refreshEntryHotness } from '../feed/index.ts';
import { defineModule, heldOrShared } from '../manifest.ts';
import { startVoteCounters, VOTE_FOLD_INTERVAL_MS, voteCountersOf } from './counters.ts';
import { votesRoutes } from './routes.ts';

/** Votes: the app's vote counters (dirty marks and their fold) start with it and are folded on shutdown. */
export default defineModule({
  name: 'votes',
  routes: votesRoutes,
  start: (app) => {
    const counters = startVoteCounters(app.ctx, refreshEntryHotness);
    return () => counters.close();
  },
  // The day's comments of an entry are recounted with its votes (the entry statistics), not per comment.
  listeners: (ctx) => {
    ctx.events.on('comment.created', (e) => voteCountersOf(ctx)?.mark('content', e.entryId));
    ctx.events.on('comment.removed', (e) => voteCountersOf(ctx)?.mark('content', e.entryId));
  },
  tasks: [
    /** Dirty vote targets recounted: this process's own marks, and on a worker the shared Redis set. */
    {
      name: 'votes.fold',
      everyMs: VOTE_FOLD_INTERVAL_MS,
      scope: 'node',
      role: heldOrShared,
      run: async (ctx) => voteCountersOf(ctx)?.fold(),
    },
  ],
});
