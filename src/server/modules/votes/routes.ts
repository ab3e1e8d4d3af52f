import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { idField, intChoice, targetField } from '../../../shared/reactions.ts';
import { route } from '../../http/route.ts';
import { refreshEntryHotness } from '../feed/index.ts';
import { startVoteCounters } from './counters.ts';
import * as votes from './service.ts';

const voteBody = plainBody({
  id: idField,
  type: targetField,
  sign: intChoice([-1, 0, 1] as const, messages.voteSignInvalid),
});

/** The app's vote counters (dirty marks and their fold), started once and folded on shutdown. */
export function votesWiring(app: FastifyInstance) {
  const counters = startVoteCounters(app.ctx, refreshEntryHotness);
  // The day's comments of an entry are recounted with its votes (the entry statistics), not per comment.
  app.ctx.events.on('comment.created', (e) => counters.mark('content', e.entryId));
  app.ctx.events.on('comment.removed', (e) => counters.mark('content', e.entryId));
  app.addHook('onClose', () => counters.close());
}

export const votesRoutes = [
  route.post('/like', {
    access: 'active',
    rateLimit: [120, 60],
    body: voteBody,
    handler: ({ ctx, user, body }) => votes.vote(ctx, user, body),
  }),
];
