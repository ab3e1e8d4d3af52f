import * as contracts from '../../../shared/api/mail.ts';
import { READS, route } from '../../http/route.ts';
import { listOutbox } from './service.ts';

export const mailRoutes = [
  // Staff read the outbox: the only mailbox of a site that runs without SMTP (sign-in links: the superuser only).
  route.implement(contracts.outbox, {
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ items: await listOutbox(ctx, user) }),
  }),
];
