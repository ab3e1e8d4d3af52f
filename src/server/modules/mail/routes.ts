import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/session.ts';
import { requireStaff } from '../auth/index.ts';
import { listOutbox } from './service.ts';

export async function mailRoutes(app: FastifyInstance) {
  // Staff read the outbox: the only mailbox of a site that runs without SMTP.
  app.get('/admin/outbox', async (req) => {
    requireStaff(req.user);
    return ok({ items: await listOutbox(app.ctx.db) });
  });
}
