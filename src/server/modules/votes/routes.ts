import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { idField, intChoice, targetField } from '../../../shared/reactions.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser } from '../auth/index.ts';
import { refreshEntryHotness } from '../feed/index.ts';
import { startVoteCounters } from './counters.ts';
import * as votes from './service.ts';

const voteBody = plainBody({ id: idField, type: targetField, sign: intChoice([-1, 0, 1] as const, messages.voteSignInvalid) });

export async function votesRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const counters = startVoteCounters(ctx, refreshEntryHotness);
  app.addHook('onClose', () => counters.close());

  app.post('/like', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const input = parse(voteBody, req.body);
    return ok(await votes.vote(ctx, counters, user, input));
  });
}
