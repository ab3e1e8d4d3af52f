import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { idField, intChoice, targetField } from '../reactions.ts';
import { plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Votes on entries and comments (spec/content.md §7). */

/** `sign` 1 or −1 votes, 0 takes the vote back; the answer is the target's votes after the change. */
export const like = contract({
  method: 'POST',
  path: '/like',
  access: 'active',
  body: plainBody({
    id: idField,
    type: targetField,
    sign: intChoice([-1, 0, 1] as const, messages.voteSignInvalid),
  }),
  response: z.object({
    count: z.number().int(),
    summ: z.number().int(),
    /** The caller's vote now: −1, 0 or 1. */
    is_liked: z.number().int(),
  }),
  errors: ['vote_sign_invalid', 'reaction_type_invalid', 'entry_not_found', 'comment_not_found', 'entry_private'],
});
export type VoteData = ContractOutput<typeof like>;
