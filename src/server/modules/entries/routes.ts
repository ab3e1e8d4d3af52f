import type { FastifyInstance } from 'fastify';

export async function entriesRoutes(app: FastifyInstance) {
  void app;
}
