import { route } from '../../http/route.ts';
import { listOutbox } from './service.ts';

export const mailRoutes = [
  // Staff read the outbox: the only mailbox of a site that runs without SMTP.
  route.get('/admin/outbox', {
    access: 'staff',
    handler: async ({ ctx }) => ({ items: await listOutbox(ctx.db) }),
  }),
];
