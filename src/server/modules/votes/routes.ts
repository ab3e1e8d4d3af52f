import type { FastifyInstance } from 'fastify';

export async function votesRoutes(app: FastifyInstance) {
  void app;
}
