import { z } from 'zod';
import { contract, type ContractOutput } from './contract.ts';
import { dateAnswer } from './wire.ts';

/** The site's letters (spec/foundation.md): the outbox staff read. */

const letter = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['queued', 'kept', 'sent', 'failed']),
  /** Why the last try failed; null when none did. */
  error: z.string().nullable(),
  createdAt: dateAnswer,
});

/**
 * The newest letters, newest first: the only mailbox of a site that runs without SMTP. A letter's sign-in links are
 * masked for everyone but the superuser.
 */
export const outbox = contract({
  method: 'GET',
  path: '/admin/outbox',
  access: 'staff',
  response: z.object({ items: z.array(letter) }),
});
export type OutboxData = ContractOutput<typeof outbox>;
