import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { idField, intChoice, targetField } from '../../../shared/reactions.ts';
import { route } from '../../http/route.ts';
import * as votes from './service.ts';

const voteBody = plainBody({
  id: idField,
  type: targetField,
  sign: intChoice([-1, 0, 1] as const, messages.voteSignInvalid),
});

export const votesRoutes = [
  route.post('/like', {
    access: 'active',
    rateLimit: [120, 60],
    body: voteBody,
    handler: ({ ctx, user, body }) => votes.vote(ctx, user, body),
  }),
];
